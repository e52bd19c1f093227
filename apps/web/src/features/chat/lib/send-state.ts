import type { ImNotice } from '@livesports/contracts/chat';
import { CHAT_TEXT_MAX, ImCustomType } from '@livesports/contracts/chat-constants';
import type { FeedItem } from '../api/im-client';

/**
 * Why Send is disabled, in the order a person should fix it; null when a message may go. A chat
 * still connecting does not disable it: the line waits and goes once the room is joined (im-client.ts).
 */
export type SendBlock = { reason: 'login' } | { reason: 'muted'; until: string } | { reason: 'slow'; seconds: number } | { reason: 'empty' } | { reason: 'too_long'; max: number; over: number };

export interface SendInput {
  text: string;
  islogin: boolean;
  /** ISO end of a mute in force, or null. */
  mutedUntil: string | null;
  /** Seconds left before slow mode lets me send again (0 = may send). */
  slowLeft: number;
}

/** Characters as the server counts them: code points of the trimmed text (an emoji is one). */
export const chatLength = (text: string) => [...text.trim()].length;

export function sendBlock(s: SendInput): SendBlock | null {
  if (!s.islogin) return { reason: 'login' };
  if (s.mutedUntil) return { reason: 'muted', until: s.mutedUntil };
  if (s.slowLeft > 0) return { reason: 'slow', seconds: s.slowLeft };
  const n = chatLength(s.text);
  if (n === 0) return { reason: 'empty' };
  if (n > CHAT_TEXT_MAX) return { reason: 'too_long', max: CHAT_TEXT_MAX, over: n - CHAT_TEXT_MAX };
  return null;
}

/** Seconds (rounded up) until slow mode lets me send again, from my last accepted message. */
export function slowLeft(slowSeconds: number, lastSentAt: number | null, now: number): number {
  if (!slowSeconds || lastSentAt === null) return 0;
  return Math.max(0, Math.ceil((lastSentAt + slowSeconds * 1000 - now) / 1000));
}

/**
 * The room's slow mode as the chat knows it: the newest slow-mode notice in the feed (it arrived
 * after `fallback` was read, or agrees with it), else `fallback` (from getMyRole).
 */
export function slowModeOf(feed: readonly FeedItem[], fallback: number): number {
  for (let i = feed.length - 1; i >= 0; i--) {
    const item = feed[i];
    const m = item.message;
    if (!m || m.type !== 'TIMCustomElem' || !m.payload.data) continue;
    try {
      const n = JSON.parse(m.payload.data) as Partial<ImNotice>;
      if (n.type === ImCustomType.NOTICE && n.action === 'slow_mode') return n.seconds ?? 0;
    } catch {
      // Not JSON: not a notice.
    }
  }
  return fallback;
}
