import type { SystemSettingKey, SystemSettings } from '@livesports/contracts/system';
import type { Bus } from '../../platform/bus.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import type { SystemRepo } from './repo.ts';

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

export function createSystemService(deps: { repo: SystemRepo; bus: Bus; publicUrl: string; thirdLogin: () => string[]; captcha: boolean; cache: ReadCache }) {
  // Settings are read on every page load: kept in memory until an operator changes one (any process).
  const settingsRead = deps.cache.define('system:settings', { key: () => '', tags: () => ['settings'], load: () => load() });
  const hotRead = deps.cache.define('system:hot', {
    key: () => '',
    tags: () => ['hot-keywords'],
    maxAgeMs: HOT_COUNTERS_MS,
    load: async () => ({ keywords: await deps.repo.topKeywords(10) }),
  });

  async function load(): Promise<SystemSettings> {
    const rows = await deps.repo.allSettings();
    const merged = { ...defaultSettings(deps.publicUrl) } as Record<string, string>;
    for (const r of rows) if (r.key in merged) merged[r.key] = r.value;
    return { ...(merged as Record<SystemSettingKey, string>), third_login: deps.thirdLogin(), captcha: deps.captcha };
  }

  return {
    /** The cached settings answer (its data for callers inside the server). */
    settingsAnswer: () => settingsRead.get(undefined),
    async settings(): Promise<SystemSettings> {
      return (await settingsRead.get(undefined)).data;
    },
    async setSetting(user: AuthUser, key: SystemSettingKey, value: string) {
      if (!user.isAdmin) throw forbidden();
      await deps.repo.setSetting(key, value);
      await deps.cache.invalidate(['settings']);
      return this.settings();
    },
    hot: () => hotRead.get(undefined),
    /** Counts one search of a word into the hot list (the search module calls this). */
    countKeyword: (name: string) => deps.repo.countKeyword(name),
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
