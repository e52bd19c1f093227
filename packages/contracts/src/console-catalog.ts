import { z } from 'zod';
import { defineCall } from './call.ts';
import { reasonField } from './console-content.ts';
import { streamHealthSchema } from './live-health.ts';
import { GIFT_EFFECTS, NOBLE_TIERS, PAYMENT_CURRENCIES } from './economy.ts';
import { SYSTEM_SETTING_KEYS } from './system.ts';

// Console: catalogues and settings (administrators). Every change reaches every server process at
// once (caches dropped through the bus) and is recorded in the audit log.

const text = (v: unknown) => (v == null ? '' : typeof v === 'string' ? v.trim() : v);
const str = (key: string, max: number, min = 0) => z.preprocess(text, z.string({ error: key }).min(min, key).max(max, key));
const int = (key: string, min: number, max: number) => z.coerce.number({ error: key }).int(key).min(min, key).max(max, key);
const flag = (key: string) => z.preprocess((v) => (v === true ? 1 : v === false ? 0 : v), z.coerce.number({ error: key }).pipe(z.union([z.literal(0), z.literal(1)], { error: key })));
/** A picture or link: a path of this site (/uploads/…, /economy/…) or an http(s) address. */
const urlField = (key: string, allowEmpty: boolean) =>
  z.preprocess(
    text,
    z
      .string({ error: key })
      .max(300, key)
      .regex(allowEmpty ? /^(|\/[\w./%-]*|https?:\/\/[^\s<>"']+)$/ : /^(\/[\w./%-]+|https?:\/\/[^\s<>"']+)$/, key),
  );

// ---- gifts ------------------------------------------------------------------------------------

export const staffGiftSchema = z.object({
  id: z.number(),
  code: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  /** Price of one, in tenths of a coin. */
  price: z.number(),
  image: z.string(),
  animation: z.enum(GIFT_EFFECTS),
  sort: z.number(),
  active: z.union([z.literal(0), z.literal(1)]),
});
export type StaffGift = z.infer<typeof staffGiftSchema>;

/** The whole catalogue, switched-off gifts included, in display order. */
export const giftCatalogue = defineCall({ method: 'GET', path: 'api/admin/gifts/list', auth: true, role: 'admin', input: z.object({}), data: z.array(staffGiftSchema) });

export const GIFT_PRICE_MAX = 10_000_000;
export const giftSaveInput = z.object({
  /** 0 or absent: a new gift. */
  id: z.preprocess((v) => (v === '' || v == null ? 0 : v), int('console.target_invalid', 0, 2_147_483_647)),
  code: z.preprocess(text, z.string({ error: 'console.gift_code_invalid' }).regex(/^[a-z][a-z0-9_-]{1,29}$/, 'console.gift_code_invalid')),
  name_zh: str('console.gift_name_invalid', 20, 1),
  name_en: str('console.gift_name_invalid', 30, 1),
  name_es: str('console.gift_name_invalid', 30, 1),
  price: int('console.gift_price_invalid', 1, GIFT_PRICE_MAX),
  image: urlField('console.image_invalid', false),
  animation: z.enum(GIFT_EFFECTS, { error: 'console.gift_effect_invalid' }),
  sort: z.preprocess((v) => (v === '' || v == null ? 0 : v), int('console.sort_invalid', -10_000, 10_000)),
  active: flag('console.active_invalid'),
  reason: reasonField(false),
});
/** Adds a gift or changes one (name, icon, price, effect, on/off, order). */
export const giftSave = defineCall({ method: 'POST', path: 'api/admin/gifts/save', auth: true, role: 'admin', input: giftSaveInput, data: staffGiftSchema });

// ---- prices: recharge packages, nobles, guards --------------------------------------------------

export const PRICE_MAX = 100_000_000;
const priceField = int('console.price_invalid', 1, PRICE_MAX);

export const rechargePackageSchema = z.object({
  id: z.number(),
  /** Coins credited in tenths, bonus included. */
  coins: z.number(),
  bonus: z.number(),
  /** What it costs in each currency, in cents. */
  price: z.record(z.enum(PAYMENT_CURRENCIES), z.number()),
  active: z.union([z.literal(0), z.literal(1)]),
});
export const priceBookSchema = z.object({
  recharge: z.array(rechargePackageSchema),
  nobles: z.array(z.object({ tier: z.enum(NOBLE_TIERS), price: z.number() })),
  guards: z.array(z.object({ id: z.number(), level: z.number(), days: z.number(), price: z.number() })),
});
export type PriceBook = z.infer<typeof priceBookSchema>;

export const priceBook = defineCall({ method: 'GET', path: 'api/admin/prices', auth: true, role: 'admin', input: z.object({}), data: priceBookSchema });

const rechargeInput = z.object({
  id: int('console.package_invalid', 1, 999),
  coins: int('console.coins_invalid', 1, PRICE_MAX),
  bonus: z.preprocess((v) => (v === '' || v == null ? 0 : v), int('console.coins_invalid', 0, PRICE_MAX)),
  price: z.object({ CNY: priceField, USD: priceField, EUR: priceField }, { error: 'console.price_invalid' }),
  active: flag('console.active_invalid'),
});

/** Replaces the recharge packages, noble prices or guard prices (any of the three). */
export const priceSave = defineCall({
  method: 'POST',
  path: 'api/admin/prices/save',
  auth: true,
  role: 'admin',
  input: z
    .object({
      recharge: z
        .array(rechargeInput, { error: 'console.package_invalid' })
        .min(1, 'console.package_invalid')
        .max(20, 'console.package_invalid')
        .refine((l) => new Set(l.map((p) => p.id)).size === l.length, 'console.package_duplicate')
        .refine((l) => l.every((p) => p.bonus < p.coins), 'console.coins_invalid')
        .refine((l) => l.some((p) => p.active === 1), 'console.package_none_active')
        .optional(),
      nobles: z
        .array(z.object({ tier: z.enum(NOBLE_TIERS, { error: 'console.tier_invalid' }), price: priceField }), { error: 'console.tier_invalid' })
        .max(NOBLE_TIERS.length, 'console.tier_invalid')
        .optional(),
      guards: z
        .array(z.object({ id: int('console.guard_invalid', 1, 3), price: priceField }), { error: 'console.guard_invalid' })
        .max(3, 'console.guard_invalid')
        .optional(),
      reason: reasonField(false),
    })
    .refine((v) => v.recharge || v.nobles || v.guards, { message: 'console.nothing_to_change', path: ['recharge'] }),
  data: priceBookSchema,
});

// ---- site settings ------------------------------------------------------------------------------

export const friendlyLinkSchema = z.object({ name: z.string(), url: z.string() });
export const bannerSchema = z.object({ on: z.boolean(), image: z.string(), link: z.string(), text: z.string() });
export const announcementSchema = z.object({ on: z.boolean(), text: z.string(), link: z.string() });
export const hotSettingsSchema = z.object({ pinned: z.array(z.string()), hidden: z.array(z.string()) });

export const siteSettingsSchema = z.object({
  system: z.record(z.enum(SYSTEM_SETTING_KEYS), z.string()),
  links: z.array(friendlyLinkSchema),
  hot: hotSettingsSchema,
  banner: bannerSchema,
  announcement: announcementSchema,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettings = defineCall({ method: 'GET', path: 'api/admin/settings', auth: true, role: 'admin', input: z.object({}), data: siteSettingsSchema });

const word = z.preprocess(text, z.string({ error: 'console.word_invalid' }).min(1, 'console.word_invalid').max(20, 'console.word_invalid'));
const onFlag = z.preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean({ error: 'common.input_error' }));

export const settingsSaveInput = z
  .object({
    system: z.partialRecord(z.enum(SYSTEM_SETTING_KEYS, { error: 'console.setting_invalid' }), str('console.setting_invalid', 500), { error: 'console.setting_invalid' }).optional(),
    links: z
      .array(z.object({ name: str('console.link_name_invalid', 30, 1), url: urlField('console.link_url_invalid', false) }), { error: 'console.link_url_invalid' })
      .max(30, 'console.links_many')
      .optional(),
    hot: z
      .object(
        { pinned: z.array(word, { error: 'console.word_invalid' }).max(10, 'console.words_many'), hidden: z.array(word, { error: 'console.word_invalid' }).max(100, 'console.words_many') },
        { error: 'console.word_invalid' },
      )
      .optional(),
    banner: z
      .object(
        { on: onFlag, image: urlField('console.image_invalid', true), link: urlField('console.link_url_invalid', true), text: str('console.banner_text_long', 100) },
        { error: 'common.input_error' },
      )
      .refine((b) => !b.on || b.image.length > 0 || b.text.length > 0, { message: 'console.banner_empty', path: ['image'] })
      .optional(),
    announcement: z
      .object({ on: onFlag, text: str('console.announcement_long', 200), link: urlField('console.link_url_invalid', true) }, { error: 'common.input_error' })
      .refine((a) => !a.on || a.text.length > 0, { message: 'console.announcement_empty', path: ['text'] })
      .optional(),
    reason: reasonField(false),
  })
  .refine((v) => v.system || v.links || v.hot || v.banner || v.announcement, { message: 'console.nothing_to_change', path: ['system'] });

/** Changes any of the site settings; each part given replaces the stored one. */
export const settingsSave = defineCall({ method: 'POST', path: 'api/admin/settings/save', auth: true, role: 'admin', input: settingsSaveInput, data: siteSettingsSchema });

// ---- feeds and media ----------------------------------------------------------------------------

export const feedStatusSchema = z.object({
  /** Per source (`replay`: the embedded replay; `feed`: providers over api/feed/…). */
  sources: z.array(z.object({ source: z.string(), matches: z.number(), last_write_at: z.string().nullable(), last_event_at: z.string().nullable() })),
  /** The embedded replay per sport: where it stands and which process holds its lease. */
  replay: z.array(z.object({ sport: z.string(), cursor: z.number(), cycle: z.number(), owner: z.string(), lease_until: z.string(), next_kickoff: z.string(), active: z.boolean() })),
  /** How the feed token was set (the token itself is shown once, when rotated). */
  token: z.object({ origin: z.enum(['env', 'generated', 'rotated']), rotated_at: z.string().nullable(), hint: z.string() }),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;
export const feedStatus = defineCall({ method: 'GET', path: 'api/admin/feeds/status', auth: true, role: 'admin', input: z.object({}), data: feedStatusSchema });

/** A new feed token: the old one stops working in every process at once. The answer shows it once. */
export const feedRotateToken = defineCall({
  method: 'POST',
  path: 'api/admin/feeds/rotateToken',
  auth: true,
  role: 'admin',
  input: z.object({ reason: reasonField(true) }),
  data: z.object({ token: z.string(), rotated_at: z.string() }),
});

export const mediaStatusSchema = z.object({
  /** This process's RTMP ingest is listening. */
  ingest: z.boolean(),
  rtmp_url: z.string(),
  /** The ffmpeg binary found (null: none; only the original quality then). */
  ffmpeg: z.string().nullable(),
  /** Streams this process receives, with their transcoder. */
  streams: z.array(
    z.object({
      room_id: z.number(),
      title: z.string(),
      transcoding: z.boolean(),
      restarts: z.number(),
      levels: z.array(z.object({ level: z.string(), height: z.number() })),
      viewers: z.number(),
      /** What the encoder sends and which rungs are up, with the warnings its anchor sees (live-health.ts). */
      health: streamHealthSchema,
    }),
  ),
  /** Rooms live in the database (any process). */
  live_rooms: z.number(),
  bus: z.string(),
});
export type MediaStatus = z.infer<typeof mediaStatusSchema>;
export const mediaStatus = defineCall({ method: 'GET', path: 'api/admin/media/status', auth: true, role: 'admin', input: z.object({}), data: mediaStatusSchema });
