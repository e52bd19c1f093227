import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/chat';
import * as barrage from '@livesports/contracts/chat-barrage';
import * as mod from '@livesports/contracts/chat-moderation';
import { route } from '../../platform/route.ts';
import type { ChatCredentials } from './credentials.ts';
import type { SessionCheck } from './gateway/session-check.ts';
import type { DirectService } from './direct.service.ts';
import type { HornsService } from './horns.service.ts';
import type { MessagesService } from './messages.service.ts';
import type { ModerationService } from './moderation.service.ts';

export interface ChatRouteDeps {
  credentials: ChatCredentials;
  sessions: SessionCheck;
  messages: MessagesService;
  moderation: ModerationService;
  direct: DirectService;
  horns: HornsService;
  rateLimitScale: number;
}

export async function chatRoutes(app: FastifyInstance, opts: ChatRouteDeps) {
  const { moderation, messages, horns } = opts;
  // Each tourist credential is a new identity: limit how fast one address can mint them.
  const limit = opts.rateLimitScale > 0 ? { rateLimit: { max: Math.ceil(30 * opts.rateLimitScale), timeWindow: '1 minute' } } : {};
  route(app, calls.imTouristAccount, async () => opts.credentials.tourist(), limit);
  route(app, calls.imSign, async (_input, { user }) => {
    // The session was just found open to sign this: the login that follows need not ask again.
    opts.sessions.vouch(user.sessionId, user.id);
    return opts.credentials.member(user);
  });

  // Moderation (spec §6, §7 tenxun).
  route(app, mod.getRoomAdmin, async ({ room_id }) => {
    await moderation.requireRoom(room_id);
    return moderation.admins(room_id);
  });
  route(app, mod.setRoomAdmin, async ({ user_id, status }, { user }) => moderation.setAdmin(user, user_id, status));
  route(app, mod.muteMember, async ({ room_id, user_id, minutes }, { user }) => moderation.mute(user, room_id, user_id, minutes));
  route(app, mod.kickMember, async ({ room_id, user_id, minutes }, { user }) => moderation.kick(user, room_id, user_id, minutes));
  route(app, mod.getSanctions, async ({ room_id }, { user }) => moderation.sanctions(user, room_id));
  route(app, mod.getModLog, async ({ room_id, page, limit: size }, { user }) => moderation.log(user, room_id, page, size));
  route(app, mod.getKeywords, async (_input, { user }) => moderation.keywordsOf(user));
  route(app, mod.setKeywords, async ({ words }, { user }) => moderation.setKeywords(user, words));
  route(app, mod.setSlowMode, async ({ room_id, seconds }, { user }) => moderation.setSlowMode(user, room_id, seconds));
  route(app, mod.getMyRole, async ({ room_id }, { user }) => moderation.myRole(user, room_id));

  // Danmaku over HTTP and horns (spec §7 Messaging).
  route(app, barrage.barrageList, async ({ room_id, last_seq }) => messages.history(room_id, last_seq));
  route(app, barrage.barrageSend, async ({ room_id, text }, { user }) => ({ seq: (await messages.postText(user.id, room_id, text)).seq }));
  route(app, barrage.sneHorn, async (input, { user }) => horns.send(user.id, input));
  route(app, barrage.hornList, async () => horns.list());
}
