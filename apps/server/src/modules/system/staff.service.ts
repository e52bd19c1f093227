import type { SiteSettings } from '@livesports/contracts/console-catalog';
import { SYSTEM_SETTING_KEYS, type SystemSettingKey } from '@livesports/contracts/system';
import type { AuthUser } from '../../platform/auth.ts';
import type { AuditInput, ConsoleTx } from '../console/plugin.ts';
import { STORED, type SiteExtras, type SystemService } from './service.ts';

export interface SettingsChange {
  system?: Partial<Record<SystemSettingKey, string>>;
  links?: SiteExtras['links'];
  hot?: SiteExtras['hot'];
  banner?: SiteExtras['banner'];
  announcement?: SiteExtras['announcement'];
  reason: string;
}

/**
 * The console's site settings (administrators): the spec's settings, friendly links, hot search
 * words, the home banner and the announcement. One save is one transaction with its audit row;
 * then the settings answers are dropped in every process (bus), so the change shows at once.
 */
export function createSystemStaffService(deps: {
  system: SystemService;
  audit: (entry: AuditInput, tx?: ConsoleTx) => Promise<void>;
  transaction: <T>(fn: (tx: ConsoleTx) => Promise<T>) => Promise<T>;
}) {
  const { system } = deps;

  async function current(): Promise<SiteSettings> {
    const [spec, links, hot, banner, announcement] = await Promise.all([system.specSettings(), system.extra('links'), system.extra('hot'), system.extra('banner'), system.extra('announcement')]);
    return { system: spec, links, hot, banner, announcement };
  }

  return {
    current,

    async save(user: AuthUser, change: SettingsChange): Promise<SiteSettings> {
      const before = await current();
      const spec = Object.entries(change.system ?? {}).filter(
        ([k, v]) => (SYSTEM_SETTING_KEYS as readonly string[]).includes(k) && v !== undefined && before.system[k as SystemSettingKey] !== v,
      ) as Array<[SystemSettingKey, string]>;
      const extras = (['links', 'hot', 'banner', 'announcement'] as const).filter((k) => change[k] !== undefined && JSON.stringify(change[k]) !== JSON.stringify(before[k]));
      if (!spec.length && !extras.length) return before;
      await deps.transaction(async (tx) => {
        for (const [key, value] of spec) {
          await system.setSpec(key, value, tx);
          await deps.audit(
            { actorId: user.id, action: 'setting.set', targetType: 'setting', targetId: key, before: { [key]: before.system[key] }, after: { [key]: value }, reason: change.reason },
            tx,
          );
        }
        for (const k of extras) {
          await system.store({ [STORED[k]]: change[k] }, tx);
          await deps.audit({ actorId: user.id, action: 'setting.set', targetType: 'setting', targetId: STORED[k], before: before[k], after: change[k], reason: change.reason }, tx);
        }
      });
      await system.changed();
      return current();
    },
  };
}
export type SystemStaffService = ReturnType<typeof createSystemStaffService>;
