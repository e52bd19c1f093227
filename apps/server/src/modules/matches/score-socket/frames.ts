import { HEARTBEAT_MS, SocketCode, type SocketClientMessage, socketClientMessage } from '@livesports/contracts/matches';
import { type Client, frame, send } from './client.ts';
import type { Snapshots } from './snapshots.ts';

type MessageType = SocketClientMessage['type'];
type Message<K extends MessageType> = Extract<SocketClientMessage, { type: K }>;
type Handler<K extends MessageType> = (c: Client, m: Message<K>) => void;
/** One handler per message type a client may send (contracts/matches.ts socketClientMessage). */
export type MessageHandlers = { [K in MessageType]: Handler<K> };

/** The score socket's message handlers, by message type. */
export function messageHandlers(snapshots: Snapshots): MessageHandlers {
  return {
    register(c) {
      c.registered = true;
      send(c, frame(SocketCode.REGISTERED, 'register success', { client_id: c.id, heartbeat: HEARTBEAT_MS, server_time: Date.now() }));
      void snapshots.sendAll(c);
    },
    toggle(c, m) {
      c.companyId = m.company_id;
      if (c.registered && c.classify === 0) void snapshots.sendOdds(c);
    },
    classify(c, m) {
      c.classify = m.classify_type;
      if (c.registered && c.classify === 0) void snapshots.sendOdds(c);
    },
    heartbeat: (c) => send(c, frame(SocketCode.PONG, 'pong', { server_time: Date.now() })),
  };
}

/** Parses one incoming message and hands it to the handler of its type. */
export function handleMessage(handlers: MessageHandlers, c: Client, raw: string) {
  let parsed;
  try {
    parsed = socketClientMessage.safeParse(JSON.parse(raw));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) return send(c, frame(SocketCode.ERROR, 'bad message', null));
  const m = parsed.data;
  (handlers[m.type] as Handler<MessageType>)(c, m);
}
