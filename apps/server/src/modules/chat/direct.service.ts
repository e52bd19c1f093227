import { CHAT_TEXT_MAX, type ImDirectMessage } from '@livesports/contracts/chat';
import type { Bus } from '../../platform/bus.ts';
import { badInput, notLoggedIn } from '../../platform/errors.ts';
import type { DirectRepo } from './direct.repo.ts';
import type { ModerationRepo } from './moderation.repo.ts';
import { unstorableText } from './storable.ts';

/** Channel of one user's one-to-one messages: every process with a socket of that user listens. */
export const userChannel = (userId: number) => `chat:user:${userId}`;
/** One-to-one messages sent with the history frame. */
export const DIRECT_HISTORY_SIZE = 50;

type Row = Awaited<ReturnType<DirectRepo['recent']>>[number];
const toDirect = (r: Row): ImDirectMessage => ({
  id: r.m.id,
  from: String(r.m.fromUser),
  to: String(r.m.toUser),
  nick: r.nick,
  avatar: r.avatar,
  to_nick: r.toNick,
  text: r.m.text,
  cloudCustomData: { type: r.m.cloudType as 0 | 1 | 2 },
  time: Math.floor(r.m.createdAt.getTime() / 1000),
});

/**
 * One-to-one messages (spec §3, §4). cloudCustomData.type is set by the server from who the sender
 * is (0 anchor, 1 room admin, 2 anyone), so a client cannot pose as an anchor.
 */
export function createDirectService(deps: {
  repo: DirectRepo;
  moderation: ModerationRepo;
  bus: Bus;
  admit: (userId: number) => void;
  /** Throws when the user may not write for others (a site-wide mute or ban). */
  speak?: (userId: number) => void;
}) {
  return {
    async send(fromId: number | null, toId: number, raw: string): Promise<ImDirectMessage> {
      if (fromId === null) throw notLoggedIn();
      const text = raw.trim();
      if (!text) throw badInput('chat.empty');
      if ([...text].length > CHAT_TEXT_MAX) throw badInput('chat.too_long', { max: CHAT_TEXT_MAX });
      // A text column cannot hold a NUL (storable.ts): refused here, not failed in the database.
      if (unstorableText(text)) throw badInput('chat.bad_text');
      if (toId === fromId) throw badInput('chat.self');
      deps.speak?.(fromId);
      const toNick = await deps.repo.nickOf(toId);
      if (toNick === null) throw badInput('chat.user_unknown');
      deps.admit(fromId);
      const sender = await deps.moderation.user(fromId);
      if (!sender) throw notLoggedIn();
      const cloudType = sender.isAnchor === 1 ? 0 : (await deps.moderation.adminOfAny(fromId)) ? 1 : 2;
      const row = await deps.repo.insert({ fromUser: fromId, toUser: toId, cloudType, text });
      const msg = toDirect({ m: row, nick: sender.user_nickname, avatar: sender.avatar, toNick });
      await deps.bus.publish(userChannel(toId), JSON.stringify(msg));
      return msg;
    },

    history: async (userId: number) => (await deps.repo.recent(userId, DIRECT_HISTORY_SIZE)).map(toDirect),
  };
}
export type DirectService = ReturnType<typeof createDirectService>;
