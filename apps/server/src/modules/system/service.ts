import type { SystemSettingKey, SystemSettings } from '@livesports/contracts/system';
import type { Bus } from '../../platform/bus.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
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

const CHANNEL = 'system:changed';
/** Settings are read on every page load; a short cache keeps that off the database. */
const CACHE_MS = 5_000;

export function createSystemService(deps: { repo: SystemRepo; bus: Bus; publicUrl: string; thirdLogin: () => string[]; captcha: boolean }) {
  let cache: { at: number; value: SystemSettings } | null = null;
  let hot: { at: number; value: { keywords: { name: string; hits: number }[] } } | null = null;

  async function load(): Promise<SystemSettings> {
    const rows = await deps.repo.allSettings();
    const merged = { ...defaultSettings(deps.publicUrl) } as Record<string, string>;
    for (const r of rows) if (r.key in merged) merged[r.key] = r.value;
    return { ...(merged as Record<SystemSettingKey, string>), third_login: deps.thirdLogin(), captcha: deps.captcha };
  }

  return {
    /** Drop the cache when any process changes a setting. */
    async listen() {
      return deps.bus.subscribe(CHANNEL, () => {
        cache = null;
      });
    },
    async settings(): Promise<SystemSettings> {
      const now = Date.now();
      if (!cache || now - cache.at > CACHE_MS) cache = { at: now, value: await load() };
      return cache.value;
    },
    async setSetting(user: AuthUser, key: SystemSettingKey, value: string) {
      if (!user.isAdmin) throw forbidden();
      await deps.repo.setSetting(key, value);
      cache = null;
      await deps.bus.publish(CHANNEL, key);
      return this.settings();
    },
    async hot() {
      const now = Date.now();
      if (!hot || now - hot.at > CACHE_MS) hot = { at: now, value: { keywords: await deps.repo.topKeywords(10) } };
      return hot.value;
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
