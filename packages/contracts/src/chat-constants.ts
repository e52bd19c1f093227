// Plain values of the chat domain (no zod), so a first-loaded web chunk can use them without
// pulling the schema library in. chat.ts re-exports everything here; chat-barrage.ts and
// chat-moderation.ts re-export their limits.

/** Custom message types (payload.data JSON `type`): gift line, entrance, moderation notice, the room going live or off. */
export const ImCustomType = { GIFT: 100, ENTRANCE: 102, NOTICE: 103, LIVE: 104 } as const;

/** Message element types (ImMessage.type): plain text, or a custom payload (ImCustomType in payload.data). */
export const ImElemType = { TEXT: 'TIMTextElem', CUSTOM: 'TIMCustomElem' } as const;

/**
 * A viewer's danmaku settings (spec §9 danmakuSystem {show, area, size, opacity}). area: 1..4 = a
 * quarter, half, three quarters, all of the picture; size: 1..3 = S/M/L; opacity: 10..100 %.
 */
export interface DanmakuSettings {
  show: boolean;
  area: number;
  size: number;
  opacity: number;
  /** Keep the top of the picture (scoreboard, LIVE badge) clear of danmaku and horns. */
  avoidTop: boolean;
}
/** Spec §9 danmaku defaults, and the top kept clear (as anti-occlusion on the big sites). */
export const DANMAKU_DEFAULTS: Readonly<DanmakuSettings> = { show: true, area: 3, size: 2, opacity: 100, avoidTop: true };
/** Allowed range of each numeric danmaku setting. */
export const DANMAKU_LIMITS = { area: [1, 4], size: [1, 3], opacity: [10, 100] } as const;

/** Prefix of tourist identifiers; a user identifier is always the decimal user id. */
export const TOURIST_PREFIX = 'tourist_';

/** Longest chat text accepted (characters). */
export const CHAT_TEXT_MAX = 200;
/** Messages sent with a join when the client has no sequence to resume from. */
export const CHAT_HISTORY_SIZE = 50;

// Horns (chat-barrage.ts).
/** Price of a horn in tenths of a coin (100 coins); emperors use their 30 free ones first. */
export const HORN_PRICE = 1000;
/** Longest horn text (characters). */
export const HORN_TEXT_MAX = 50;
/** Horns shown by hornList: the newest, from the last day. */
export const HORN_LIST_SIZE = 20;

// Room moderation (chat-moderation.ts).
/** Room admins per room at most. */
export const ROOM_ADMIN_MAX = 10;
/** Longest mute or kick (30 days), in minutes. */
export const SANCTION_MAX_MINUTES = 43_200;
/** Durations offered in the room's menu, in minutes. */
export const SANCTION_PRESETS = [10, 60, 1440, 10_080] as const;
/** Keyword filter: words per room and characters per word. */
export const KEYWORDS_MAX = 100;
export const KEYWORD_MAX_CHARS = 20;
/** Slow mode choices (seconds between one viewer's messages in the room; 0 = off). */
export const SLOW_MODE_SECONDS = [0, 3, 5, 10] as const;
export type SlowModeSeconds = (typeof SLOW_MODE_SECONDS)[number];
