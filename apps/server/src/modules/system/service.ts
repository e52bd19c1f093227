import { detectContentLang } from '@livesports/contracts/content-lang';
import type { Lang } from '@livesports/contracts/messages';
import type { SystemSettingKey, SystemSettings } from '@livesports/contracts/system';
import type { Bus } from '../../platform/bus.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import type { AuditInput, ConsoleTx } from '../console/plugin.ts';
import type { Conn, SystemRepo } from './repo.ts';

/** Keys of the settings the console stores beside the spec's (JSON values; dotted, so never a spec key). */
export const STORED = {
  links: 'site.links',
  banner: 'site.banner',
  announcement: 'site.announcement',
  hot: 'site.hot',
} as const;

export interface SiteExtras {
  links: Array<{ name: string; url: string }>;
  banner: { on: boolean; image: string; link: string; text: string };
  announcement: { on: boolean; text: string; link: string };
  hot: { pinned: string[]; hidden: string[] };
}
export const EXTRAS_DEFAULT: SiteExtras = {
  // Friendly links of this kind of site point at the sports' governing bodies.
  links: [
    { name: 'FIFA', url: 'https://www.fifa.com' },
    { name: 'UEFA', url: 'https://www.uefa.com' },
    { name: 'FIBA', url: 'https://www.fiba.basketball' },
    { name: 'NBA', url: 'https://www.nba.com' },
  ],
  banner: { on: false, image: '', link: '', text: '' },
  announcement: { on: false, text: '', link: '' },
  hot: { pinned: [], hidden: [] },
};

/** Defaults an operator can override with api/admin/setSystem. */
export function defaultSettings(publicUrl: string): Record<SystemSettingKey, string> {
  const ws = publicUrl.replace(/^http/, 'ws');
  return {
    websocket: `${ws}/ws/score`,
    CountryCode: '86',
    apply_for_anchor: '1',
    feedback_qq: '',
    customer_service_email: 'support@localhost',
    site_icp: '',
    site_gwa: '',
    Value_added_business_license: '',
    site_name: 'LiveSports',
  };
}

/** Hot words are counters bumped by every search: their order is read again at least this often. */
const HOT_COUNTERS_MS = 5_000;

export function createSystemService(deps: {
  repo: SystemRepo;
  bus: Bus;
  publicUrl: string;
  thirdLogin: () => string[];
  captcha: boolean;
  cache: ReadCache;
  /** Records an administrator's change (the console's audit log), in the change's transaction. */
  audit: (entry: AuditInput, tx?: ConsoleTx) => Promise<void>;
  transaction: <T>(fn: (tx: ConsoleTx) => Promise<T>) => Promise<T>;
}) {
  // Every stored row, read once and kept until an operator changes one (dropped in every process
  // through the bus): the spec's settings and the JSON values other modules keep here.
  const rowsRead = deps.cache.define('system:rows', {
    key: () => '',
    tags: () => ['settings'],
    load: async () => new Map((await deps.repo.allSettings()).map((r) => [r.key, r.value])),
  });
  // Settings are read on every page load: kept in memory until an operator changes one (any process).
  const settingsRead = deps.cache.define('system:settings', { key: () => '', tags: () => ['settings'], load: () => load() });
  /** Hot words per reader language (what readers of that language search most, see repo.topKeywords). */
  const hotRead = deps.cache.define('system:hot', {
    key: (lang: Lang) => lang,
    tags: () => ['hot-keywords', 'settings'],
    maxAgeMs: HOT_COUNTERS_MS,
    load: async (lang) => {
      const { pinned, hidden } = await extra('hot');
      const drop = new Set([...pinned, ...hidden].map((w) => w.toLowerCase()));
      const all = await deps.repo.topKeywords(20 + drop.size, lang);
      // Words of other languages fill a short list, but a word in Chinese characters means nothing
      // to an English or Spanish reader (a list of 梅西 under "Messi"): those stay in the Chinese list.
      const readable = (name: string) => lang === 'zh' || detectContentLang(name) !== 'zh';
      const top = all.filter((k) => !drop.has(k.name.toLowerCase()) && readable(k.name));
      // Pinned words lead, in the order chosen, with their counts where they are among the top.
      const counts = new Map(all.map((k) => [k.name.toLowerCase(), k.hits]));
      return { keywords: [...pinned.map((name) => ({ name, hits: counts.get(name.toLowerCase()) ?? 0 })), ...top].slice(0, 10) };
    },
  });

  /** A JSON value stored under `key` (undefined when unset or unreadable). */
  async function stored(key: string): Promise<unknown> {
    const raw = (await rowsRead.get(undefined)).data.get(key);
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  async function extra<K extends keyof SiteExtras>(name: K): Promise<SiteExtras[K]> {
    const v = await stored(STORED[name]);
    const def = EXTRAS_DEFAULT[name];
    if (v === undefined || v === null || typeof v !== typeof def || Array.isArray(v) !== Array.isArray(def)) return def;
    return (Array.isArray(def) ? v : { ...def, ...(v as object) }) as SiteExtras[K];
  }

  async function load(): Promise<SystemSettings> {
    const rows = (await rowsRead.get(undefined)).data;
    const merged = { ...defaultSettings(deps.publicUrl) } as Record<string, string>;
    for (const [key, value] of rows) if (key in merged) merged[key] = value;
    const [links, banner, announcement] = await Promise.all([extra('links'), extra('banner'), extra('announcement')]);
    return {
      ...(merged as Record<SystemSettingKey, string>),
      third_login: deps.thirdLogin(),
      captcha: deps.captcha,
      links,
      banner: banner.on ? { image: banner.image, link: banner.link, text: banner.text } : null,
      announcement: announcement.on ? { text: announcement.text, link: announcement.link } : null,
    };
  }

  /** The spec's settings as stored (defaults filled in), without the runtime extras. */
  async function specSettings(): Promise<Record<SystemSettingKey, string>> {
    const s = await settingsRead.get(undefined);
    const { third_login: _t, captcha: _c, links: _l, banner: _b, announcement: _a, ...rest } = s.data;
    return rest;
  }

  return {
    /** The cached settings answer (its data for callers inside the server). */
    settingsAnswer: () => settingsRead.get(undefined),
    async settings(): Promise<SystemSettings> {
      return (await settingsRead.get(undefined)).data;
    },
    async setSetting(user: AuthUser, key: SystemSettingKey, value: string) {
      if (!user.isAdmin) throw forbidden();
      const before = (await specSettings())[key];
      await deps.transaction(async (tx) => {
        await deps.repo.setSetting(key, value, tx);
        await deps.audit({ actorId: user.id, action: 'setting.set', targetType: 'setting', targetId: key, before: { [key]: before }, after: { [key]: value } }, tx);
      });
      await deps.cache.invalidate(['settings']);
      return this.settings();
    },

    stored,
    extra,
    specSettings,
    /** Stores JSON values (in the caller's transaction); the caller drops 'settings' once it commits. */
    async store(values: Record<string, unknown>, tx?: Conn) {
      for (const [key, value] of Object.entries(values)) await deps.repo.setSetting(key, JSON.stringify(value), tx);
    },
    /** Stores one spec setting (in the caller's transaction). */
    setSpec: (key: SystemSettingKey, value: string, tx?: Conn) => deps.repo.setSetting(key, value, tx),
    /** Drops the settings answers here and, through the bus, in every process. */
    changed: () => deps.cache.invalidate(['settings']),
    hot: (lang: Lang) => hotRead.get(lang),
    /** Counts one search of a word into the hot list of the searching reader's language (the search module calls this). */
    countKeyword: (name: string, lang: Lang = 'en') => deps.repo.countKeyword(name, lang),
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
