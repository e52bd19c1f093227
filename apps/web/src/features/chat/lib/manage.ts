import type { Horn } from '@livesports/contracts/chat';
import { HORN_PRICE } from '@livesports/contracts/chat-constants';
import type { ModLogEntry } from '@livesports/contracts/chat-moderation';
import { KEYWORDS_MAX, KEYWORD_MAX_CHARS } from '@livesports/contracts/chat-constants';
import { NOBLES } from '@livesports/contracts/economy';
import { livePage } from '@/config/paths';
import { dateTimeFormat } from '@/shared/lib/intl-formats';

// The pure parts of room management and horns: keyword parsing, the words of a log line,
// durations, dates in the reader's locale, horn cost and banner link.

export interface ParsedKeywords {
  /** Words as the server keeps them: trimmed, lower-cased, once each, in the order typed. */
  words: string[];
  /** Words longer than KEYWORD_MAX_CHARS. */
  tooLong: string[];
  tooMany: boolean;
  /** Catalogue key (namespace 'msg') of the first problem, or null when the list can be saved. */
  error: 'chat.keyword_invalid' | 'chat.keywords_too_many' | null;
}

/** One word per line (commas also separate); blank lines are ignored. */
export function parseKeywords(text: string): ParsedKeywords {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const raw of text.split(/[\n,，]/)) {
    const w = raw.trim().toLowerCase();
    if (!w || seen.has(w)) continue;
    seen.add(w);
    words.push(w);
  }
  const tooLong = words.filter((w) => [...w].length > KEYWORD_MAX_CHARS);
  const tooMany = words.length > KEYWORDS_MAX;
  return { words, tooLong, tooMany, error: tooLong.length ? 'chat.keyword_invalid' : tooMany ? 'chat.keywords_too_many' : null };
}

export type DurationUnit = 'min' | 'hour' | 'day';
/** 10 → 10 min, 60 → 1 hour, 1440 → 1 day, 10080 → 7 days. */
export function splitDuration(minutes: number): { unit: DurationUnit; count: number } {
  if (minutes >= 1440 && minutes % 1440 === 0) return { unit: 'day', count: minutes / 1440 };
  if (minutes >= 60 && minutes % 60 === 0) return { unit: 'hour', count: minutes / 60 };
  return { unit: 'min', count: minutes };
}

type T = (key: string, values?: Record<string, unknown>) => string;

/** A person's name as shown in the log; an account that is gone reads "#id". */
export const personName = (u: { id: number; user_nickname: string } | null | undefined) => (u ? u.user_nickname || `#${u.id}` : '');

export const durationText = (t: T, minutes: number) => {
  const d = splitDuration(minutes);
  return t(`duration.${d.unit}`, { count: d.count });
};

/** The key and values (namespace chat-manage) that describe one log entry in words. */
export function logLine(e: ModLogEntry): { key: string; values: Record<string, unknown> } {
  const actor = personName(e.actor);
  const target = personName(e.target);
  const minutes = typeof e.detail.minutes === 'number' ? e.detail.minutes : 0;
  switch (e.action) {
    case 'mute':
    case 'kick':
      return { key: `log.${e.action}`, values: { actor, target, minutes } };
    case 'keywords':
      return { key: 'log.keywords', values: { actor, count: typeof e.detail.count === 'number' ? e.detail.count : 0 } };
    case 'slow_mode': {
      const seconds = typeof e.detail.seconds === 'number' ? e.detail.seconds : 0;
      return seconds ? { key: 'log.slow_mode', values: { actor, n: seconds } } : { key: 'log.slow_mode_off', values: { actor } };
    }
    case 'blocked_message':
      return { key: 'log.blocked_message', values: { target: target || actor, word: String(e.detail.word ?? ''), text: String(e.detail.text ?? '') } };
    default:
      return { key: `log.${e.action}`, values: { actor, target } };
  }
}

/** The log entry as one sentence, e.g. "Ann muted Bob for 10 min". */
export function describeLog(t: T, e: ModLogEntry): string {
  const { key, values } = logLine(e);
  return t(key, 'minutes' in values ? { ...values, duration: durationText(t, values.minutes as number) } : values);
}

const LOCALES: Record<string, string> = { zh: 'zh-CN', en: 'en', es: 'es' };
/** Date and time in the reader's language and time zone. */
export function formatWhen(iso: string, lang: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateTimeFormat(LOCALES[lang] ?? lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
}

/** What the next horn costs the caller: one of an emperor's free ones, or HORN_PRICE tenths. */
export function hornCost(mine: { tier: string; free_horns_left: number } | null | undefined): { free: true; left: number } | { free: false; price: number } {
  if (mine && mine.free_horns_left > 0) return { free: true, left: mine.free_horns_left };
  return { free: false, price: HORN_PRICE };
}

/** The sender's name colour: their noble rank's colour, or none. */
export const nobleColor = (noble: Horn['noble']) => (noble ? NOBLES.find((n) => n.tier === noble)?.color : undefined);

/** Where a horn's link goes: its room, unless that is the room being watched (or it has none). */
export const hornRoomLink = (horn: Pick<Horn, 'room_id'>, currentRoom: number) => (horn.room_id && horn.room_id !== currentRoom ? livePage(horn.room_id) : null);

/** How long the banner shows a horn. */
export const HORN_SHOW_MS = 12_000;
/** Whether a horn (time in unix seconds) is still fresh enough to show at `now` (ms). */
export const hornFresh = (horn: Pick<Horn, 'time'>, now: number) => now - horn.time * 1000 < HORN_SHOW_MS;
