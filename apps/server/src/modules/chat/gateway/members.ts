import { translate } from '@livesports/contracts/messages';
import type { Bus } from '../../../platform/bus.ts';
import { prepareFrame } from '../../../platform/prepared-frame.ts';
import { userChannel } from '../direct.service.ts';
import { HORN_CHANNEL } from '../horns.service.ts';
import { MOD_CHANNEL, type ModEvent, formatUntil } from '../moderation.service.ts';
import { type Client, fail, write } from './client.ts';

/** A logged-in member's sockets in this process, with their one-to-one channel subscription. */
interface Member {
  clients: Set<Client>;
  off: Promise<() => Promise<void>>;
}

export interface MembersDeps {
  bus: Bus;
  /** Bus channel announcing ended sessions (JSON { userId, sessionId?, except? }): their sockets close. */
  sessionsEndedChannel: string;
  /** Takes a socket out of a room's group (room-groups.ts). */
  leave: (c: Client, groupId: number) => Promise<void>;
}

type Members = Map<number, Member>;

/** A kick takes effect in every process: the user's sockets leave the room's group at once. */
function kick(members: Members, leave: MembersDeps['leave'], raw: string) {
  const e = JSON.parse(raw) as ModEvent;
  if (e.kind !== 'kick' || !e.until) return;
  const until = new Date(e.until);
  for (const c of members.get(e.userId)?.clients ?? []) {
    if (!c.groups.has(e.roomId)) continue;
    void leave(c, e.roomId);
    write(c, { type: 'kicked', groupId: e.roomId, until: e.until, msg: translate(c.lang, 'chat.kicked', { until: formatUntil(until) }) });
  }
}

/** A session that ended (sign-out, password change, ban) takes its chat sockets with it, on every process. */
function endSessions(members: Members, raw: string) {
  let ended: { userId: number; sessionId?: number; except?: number };
  try {
    ended = JSON.parse(raw);
  } catch {
    return;
  }
  const member = members.get(ended.userId);
  if (!member) return;
  for (const c of [...member.clients]) {
    const sid = c.identity?.sessionId;
    if ((ended.sessionId !== undefined && sid !== ended.sessionId) || (ended.except !== undefined && sid === ended.except)) continue;
    fail(c, 'login', 'chat.session_ended');
    c.ws.close(4003, 'session ended');
  }
}

/**
 * The sockets of this process by member: one-to-one messages reach every socket of their
 * recipient, kicks and ended sessions find the sockets they concern, horns go to every
 * logged-in socket whatever room it is in.
 */
export function createMembers(deps: MembersDeps) {
  const { bus } = deps;
  const members: Members = new Map();
  const everyone = new Set<Client>();
  const offs = [
    bus.subscribe(MOD_CHANNEL, (raw) => kick(members, deps.leave, raw)),
    bus.subscribe(deps.sessionsEndedChannel, (raw) => endSessions(members, raw)),
    bus.subscribe(HORN_CHANNEL, (raw) => {
      const frame = prepareFrame(`{"type":"horn","horn":${raw}}`);
      for (const c of everyone) if (c.identity) write(c, frame);
    }),
  ];

  return {
    connected: (c: Client) => void everyone.add(c),
    disconnected: (c: Client) => void everyone.delete(c),

    /** A socket logged in as a member: it hears the member's one-to-one messages. */
    add(c: Client, userId: number) {
      let m = members.get(userId);
      if (!m) {
        const entry: Member = { clients: new Set<Client>(), off: Promise.resolve(async () => {}) };
        entry.off = bus.subscribe(userChannel(userId), (raw) => {
          const frame = prepareFrame(`{"type":"c2c","message":${raw}}`);
          for (const cl of entry.clients) write(cl, frame);
        });
        members.set(userId, entry);
        m = entry;
      }
      m.clients.add(c);
    },

    async remove(c: Client) {
      const userId = c.identity?.userId;
      if (userId == null) return;
      const m = members.get(userId);
      if (!m) return;
      m.clients.delete(c);
      if (m.clients.size === 0) {
        members.delete(userId);
        await m.off.then((off) => off()).catch(() => {});
      }
    },

    async close() {
      for (const [id, m] of members) {
        members.delete(id);
        await m.off.then((off) => off()).catch(() => {});
      }
      for (const off of offs) await off.then((f) => f()).catch(() => {});
    },
  };
}
export type GatewayMembers = ReturnType<typeof createMembers>;
