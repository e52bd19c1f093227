// Plain values of the chat domain (no zod), so a first-loaded web chunk can use them without
// pulling the schema library in. chat.ts re-exports everything here.

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
