import { z } from 'zod';
import { defineCall } from './call.ts';

/** Site-wide settings served to every client at start (spec §3 "System settings"). */
export const systemSettingsSchema = z.object({
  websocket: z.string(),
  CountryCode: z.string(),
  apply_for_anchor: z.string(),
  feedback_qq: z.string(),
  customer_service_email: z.string(),
  site_icp: z.string(),
  site_gwa: z.string(),
  Value_added_business_license: z.string(),
  site_name: z.string(),
  /** Which login methods the server can complete (e.g. google when OAuth is configured). */
  third_login: z.array(z.string()),
  captcha: z.boolean(),
  /** Friendly links for the footer (set in the console). */
  links: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
  /** The home page's banner, when switched on. */
  banner: z.object({ image: z.string(), link: z.string(), text: z.string() }).nullable().optional(),
  /** The site-wide announcement, when switched on. */
  announcement: z.object({ text: z.string(), link: z.string() }).nullable().optional(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;
export const SYSTEM_SETTING_KEYS = [
  'websocket',
  'CountryCode',
  'apply_for_anchor',
  'feedback_qq',
  'customer_service_email',
  'site_icp',
  'site_gwa',
  'Value_added_business_license',
  'site_name',
] as const;
export type SystemSettingKey = (typeof SYSTEM_SETTING_KEYS)[number];

export const getSystem = defineCall({ method: 'GET', path: 'api/Universal/getSystem', auth: false, input: z.object({}), data: systemSettingsSchema });

export const hotSchema = z.object({
  /** Hot search words, most searched by readers of the caller's language (`lang` header) first. */
  keywords: z.array(z.object({ name: z.string(), hits: z.number() })),
});
export const getHot = defineCall({ method: 'GET', path: 'api/universal/getHot', auth: false, input: z.object({}), data: hotSchema });

/** Administrator call to change system settings. */
export const setSystem = defineCall({
  method: 'POST',
  path: 'api/admin/setSystem',
  auth: true,
  role: 'admin',
  input: z.object({ key: z.enum(SYSTEM_SETTING_KEYS, { error: 'common.input_error' }), value: z.string().max(500, 'common.input_error') }),
  data: systemSettingsSchema,
});
