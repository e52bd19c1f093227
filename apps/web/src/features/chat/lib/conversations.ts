import type { ImDirectMessage } from '@livesports/contracts/chat';

export interface Conversation {
  /** The other person's identifier. */
  with: string;
  nick: string;
  avatar: string;
  /** Which list it goes in (spec §4): 'anchor' for cloudCustomData.type 0, else 'assistant'. */
  list: 'anchor' | 'assistant';
  messages: ImDirectMessage[];
  /** Messages from them after the last time I opened the conversation. */
  unread: number;
}

/**
 * Groups one-to-one messages by the other person. A conversation goes in the anchor list when
 * they wrote to me as an anchor (type 0) — or, before they answer, when they are this room's anchor.
 */
export function conversations(direct: ImDirectMessage[], me: string, roomAnchor: string, seen: Record<string, number> = {}): Conversation[] {
  const by = new Map<string, Conversation>();
  for (const m of direct) {
    const mine = m.from === me;
    const other = mine ? m.to : m.from;
    let c = by.get(other);
    if (!c) {
      c = { with: other, nick: mine ? m.to_nick : m.nick, avatar: mine ? '' : m.avatar, list: other === roomAnchor ? 'anchor' : 'assistant', messages: [], unread: 0 };
      by.set(other, c);
    }
    c.messages.push(m);
    if (!mine) {
      c.nick = m.nick;
      c.avatar = m.avatar;
      c.list = m.cloudCustomData.type === 0 ? 'anchor' : 'assistant';
      if (m.id > (seen[other] ?? 0)) c.unread++;
    }
  }
  return [...by.values()].sort((a, b) => (b.messages.at(-1)?.id ?? 0) - (a.messages.at(-1)?.id ?? 0));
}
