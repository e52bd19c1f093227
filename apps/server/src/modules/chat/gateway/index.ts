import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Lang } from '@livesports/contracts/messages';
import type { Bus } from '../../../platform/bus.ts';
import { releaseUpgrade } from '../../../platform/socket-guard.ts';
import type { ChatCredentials } from '../credentials.ts';
import type { DirectService } from '../direct.service.ts';
import type { MessagesService } from '../messages.service.ts';
import type { ModerationService } from '../moderation.service.ts';
import { type Client, fail } from './client.ts';
import { frameHandlers, handleFrame } from './frames.ts';
import { createMembers } from './members.ts';
import { createRoomGroups } from './room-groups.ts';
import type { SessionCheck } from './session-check.ts';

/**
 * /ws/im — room chat (spec §1 third-party IM, §4 chat messages), JSON frames (see contracts/chat.ts):
 *
 *   → {type:'login', identifier, userSig}   ← {type:'login', identifier, guest}; a bad credential is
 *                                              answered with an error and the socket closed (4001)
 *   → {type:'join', groupId, lastSeq?}      ← {type:'joined', groupId, messages} (history: the last
 *                                              50, or everything after lastSeq when resuming)
 *   → {type:'send', groupId, text}          ← {type:'sent', groupId, seq}; guests: 'Please login first'
 *   → {type:'leave', groupId}               ← {type:'left', groupId}
 *   → {type:'c2c', to, text}                ← {type:'c2c_sent', id, message}; the recipient ← {type:'c2c', message}
 *   → {type:'c2c_history'}                  ← {type:'c2c_history', messages}
 *   live                                    ← {type:'messages', groupId, messages, events?}
 *                                           ← {type:'kicked', groupId, until, msg} · {type:'horn', horn}
 *
 * Messages are stored with a per-group sequence number (chat/messages.service.ts), then published on
 * the bus (Redis between processes); each process batches what it hears per group for ~100 ms and
 * writes one prepared frame to all its members. Room events (gifts type 100 from the economy,
 * entrances type 102) ride in the same batch without a sequence. A joining client's live frames are
 * held until its history is out, and held messages already in the history are dropped, so a resume
 * has neither gaps nor duplicates.
 *
 * Here the socket route; room groups and the batched fan-out in room-groups.ts, members (one-to-one
 * messages, kicks, ended sessions, horns) in members.ts, one handler per client frame in frames.ts.
 */

export interface ImGatewayOptions {
  credentials: ChatCredentials;
  bus: Bus;
  messages: MessagesService;
  moderation: ModerationService;
  direct: DirectService;
  /** Whether a member credential's login session is still open (ended by sign-out, password change, ban). */
  sessions: SessionCheck;
  /** Bus channel announcing ended sessions (JSON { userId, sessionId?, except? }): their sockets close. */
  sessionsEndedChannel: string;
  batchMs?: number;
  loginTimeoutMs?: number;
}

export async function imGateway(app: FastifyInstance, opts: ImGatewayOptions) {
  const loginTimeoutMs = opts.loginTimeoutMs ?? 10_000;
  const rooms = createRoomGroups({ bus: opts.bus, messages: opts.messages, log: app.log, batchMs: opts.batchMs ?? 100 });
  const members = createMembers({ bus: opts.bus, sessionsEndedChannel: opts.sessionsEndedChannel, leave: rooms.leave });
  const handlers = frameHandlers({ ...opts, sessionActive: opts.sessions.active, rooms, members, log: app.log });

  app.get('/ws/im', { websocket: true }, (ws, req) => {
    // What the socket needs of its upgrade request is its address and language; the request itself
    // is let go (socket-guard.ts releaseUpgrade), so no closure below may name `req`.
    releaseUpgrade(ws, req);
    const { ip, lang } = req;
    // Nothing is read until the address has its place (asked of the primary or Redis, counted
    // site-wide): a login sent meanwhile waits in the socket instead of finding no listener.
    ws.pause();
    void admit(ws, ip, lang);
  });

  async function admit(ws: WebSocket, ip: string, lang: Lang) {
    // One address holds only so many sockets that have not logged in yet (released at login).
    const admitted = await app.sockets.im.admit(ip).catch((err: unknown) => (app.log.warn({ err }, 'chat socket place'), null));
    ws.resume();
    if (!admitted) return void ws.close(1008, 'too many sockets');
    // Gone while it waited: its place is given back at once.
    if (ws.readyState !== ws.OPEN) return admitted();
    connected(ws, admitted, lang);
  }

  function connected(ws: WebSocket, releasePreLogin: () => void, lang: Lang) {
    const withinBudget = app.sockets.im.frameBudget();
    const c: Client = { ws, lang, identity: null, groups: new Set(), held: new Map(), floor: new Map(), loggedIn };
    members.connected(c);
    const loginTimer = setTimeout(() => c.identity || ws.close(4001, 'login timeout'), loginTimeoutMs);
    function loggedIn() {
      releasePreLogin();
      clearTimeout(loginTimer);
    }
    // Frames of one client are handled one after another, in the order sent.
    let queue = Promise.resolve();

    ws.on('message', (data) => {
      if (!withinBudget()) return void ws.close(1008, 'too many frames');
      queue = queue
        .then(() => handleFrame(handlers, c, data.toString()))
        .catch((err) => {
          app.log.error({ err }, 'im frame failed');
          fail(c, 'unknown', 'common.error');
        });
    });
    ws.on('close', () => {
      releasePreLogin();
      clearTimeout(loginTimer);
      members.disconnected(c);
      queue = queue.then(async () => {
        for (const id of [...c.groups]) await rooms.leave(c, id);
        await members.remove(c);
      });
    });
  }

  app.addHook('onClose', async () => {
    await rooms.close();
    await members.close();
  });
}
