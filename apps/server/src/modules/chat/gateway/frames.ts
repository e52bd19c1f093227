import type { FastifyBaseLogger } from 'fastify';
import { type ImClientFrame, imClientFrame } from '@livesports/contracts/chat';
import { translate } from '@livesports/contracts/messages';
import type { ChatCredentials, ChatIdentity } from '../credentials.ts';
import type { DirectService } from '../direct.service.ts';
import type { MessagesService } from '../messages.service.ts';
import { AppError } from '../../../platform/errors.ts';
import { type ModerationService, formatUntil } from '../moderation.service.ts';
import { type Client, echo, fail, failWith, write } from './client.ts';
import type { GatewayMembers } from './members.ts';
import type { RoomGroups } from './room-groups.ts';

type FrameType = ImClientFrame['type'];
type Frame<K extends FrameType> = Extract<ImClientFrame, { type: K }>;
type Handler<K extends FrameType> = (c: Client, f: Frame<K>) => unknown;
/** One handler per frame type a client may send (contracts/chat.ts imClientFrame). */
export type FrameHandlers = { [K in FrameType]: Handler<K> };

export interface FrameDeps {
  credentials: ChatCredentials;
  messages: MessagesService;
  moderation: ModerationService;
  direct: DirectService;
  /** Whether a member credential's login session is still open (ended by sign-out, password change, ban). */
  sessionActive: (sessionId: number, userId: number) => Promise<boolean>;
  rooms: RoomGroups;
  members: GatewayMembers;
  log: FastifyBaseLogger;
}

/** Every frame but ping and login needs a logged-in socket (a member or a tourist). */
function signedIn<K extends FrameType>(handle: (c: Client, identity: ChatIdentity, f: Frame<K>) => unknown): Handler<K> {
  return (c, f) => (c.identity ? handle(c, c.identity, f) : fail(c, f.type, 'chat.bad_credential'));
}

async function login(deps: FrameDeps, c: Client, f: Frame<'login'>) {
  const verified = deps.credentials.verify(f.identifier, f.userSig);
  // A member's credential lives only as long as the login session it was minted for.
  const identity = verified && (verified.userId === null || (await deps.sessionActive(verified.sessionId!, verified.userId))) ? verified : null;
  if (!identity) {
    fail(c, 'login', 'chat.bad_credential');
    return c.ws.close(4001, 'bad credential');
  }
  if (c.identity) await deps.members.remove(c);
  c.loggedIn();
  c.identity = identity;
  if (identity.userId !== null) deps.members.add(c, identity.userId);
  write(c, { type: 'login', identifier: identity.identifier, guest: identity.userId === null });
}

async function join(deps: FrameDeps, c: Client, identity: ChatIdentity, { groupId, lastSeq }: Frame<'join'>) {
  try {
    await deps.moderation.requireRoom(groupId);
  } catch (err) {
    return failWith(c, 'join', err);
  }
  const userId = identity.userId;
  if (userId !== null) {
    const until = await deps.moderation.kickedUntil(groupId, userId);
    if (until) return write(c, { type: 'kicked', groupId, until: until.toISOString(), msg: translate(c.lang, 'chat.kicked', { until: formatUntil(until) }) });
  }
  if (!(await deps.rooms.join(c, groupId, lastSeq))) return; // left (or closed) meanwhile
  // A first join (not a resume) of a noble or guard is announced to the room.
  if (userId !== null && lastSeq === undefined) void deps.rooms.announceEntrance(userId, groupId).catch((err) => deps.log.warn({ err }, 'entrance not announced'));
}

async function send(deps: FrameDeps, c: Client, identity: ChatIdentity, { groupId, text, rid }: Frame<'send'>) {
  if (identity.userId === null) return fail(c, 'send', 'auth.login_first', undefined, rid);
  if (!c.groups.has(groupId)) return fail(c, 'send', 'chat.not_joined', undefined, rid);
  try {
    const m = await deps.messages.postText(identity.userId, groupId, text);
    write(c, { type: 'sent', groupId, seq: m.seq, ...echo(rid) });
  } catch (err) {
    refuse(deps, c, 'send', err, rid);
  }
}

/**
 * Every send is answered: a refusal in the reader's language, and an unexpected failure as "could
 * not be sent" under the request's id too. Before, such a failure went up to the socket's catch-all
 * and came back as a bare error without the id, so the client's send waited out its timeout and the
 * line was dropped without a word (issue #50).
 */
function refuse(deps: FrameDeps, c: Client, request: 'send' | 'c2c', err: unknown, rid: number | undefined) {
  if (err instanceof AppError) return failWith(c, request, err, rid);
  deps.log.error({ err }, `im ${request} failed`);
  fail(c, request, 'chat.not_sent', undefined, rid);
}

async function sendDirect(deps: FrameDeps, c: Client, identity: ChatIdentity, { to, text, rid }: Frame<'c2c'>) {
  try {
    const message = await deps.direct.send(identity.userId, to, text);
    write(c, { type: 'c2c_sent', id: message.id, message, ...echo(rid) });
  } catch (err) {
    refuse(deps, c, 'c2c', err, rid);
  }
}

/** The gateway's frame handlers, by frame type. */
export function frameHandlers(deps: FrameDeps): FrameHandlers {
  return {
    ping: (c) => write(c, { type: 'pong' }),
    login: (c, f) => login(deps, c, f),
    join: signedIn((c, identity, f) => join(deps, c, identity, f)),
    leave: signedIn(async (c, _identity, { groupId }) => {
      await deps.rooms.leave(c, groupId);
      write(c, { type: 'left', groupId });
    }),
    send: signedIn((c, identity, f) => send(deps, c, identity, f)),
    c2c: signedIn((c, identity, f) => sendDirect(deps, c, identity, f)),
    c2c_history: signedIn(async (c, { userId }) => {
      if (userId === null) return fail(c, 'c2c_history', 'auth.login_first');
      write(c, { type: 'c2c_history', messages: await deps.direct.history(userId) });
    }),
  };
}

/** Parses one incoming frame and hands it to the handler of its type. */
export async function handleFrame(handlers: FrameHandlers, c: Client, raw: string) {
  let parsed;
  try {
    parsed = imClientFrame.safeParse(JSON.parse(raw));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) return fail(c, 'unknown', 'chat.bad_frame');
  const f = parsed.data;
  await (handlers[f.type] as Handler<FrameType>)(c, f);
}
