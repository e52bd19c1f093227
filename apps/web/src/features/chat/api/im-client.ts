import { create } from 'zustand';
import type { Horn, ImClientFrame, ImCredential, ImDirectMessage, ImEvent, ImMessage, ImServerFrame } from '@livesports/contracts/chat';
import { ImCustomType } from '@livesports/contracts/chat-constants';
import { imServerFrame } from '@livesports/contracts/chat-frames';
import { request } from '@/shared/api/client';
import { RealtimeConnection } from '@/shared/realtime/connection';
import { type Ack, RealtimeRequestError } from '@/shared/realtime/pending-requests';
import { useAuthStore } from '@/shared/stores/auth';
import { mergeBySeq } from '../lib/seq';
import { imSign, imTouristAccount } from '@/shared/api/call-refs';

/**
 * The page's one /ws/im connection (spec §1 IM, §7 chat login 500 ms after the room mounts).
 * Gets a credential (member: api/Member/imSign; guest: api/Universal/imTouristAccount), logs in,
 * joins the room group, keeps the last sequence seen and, after a drop (the shared realtime
 * connection reconnects with backoff), joins again with lastSeq so nothing is lost or repeated
 * (repeats are skipped by seq anyway).
 */

export type ChatStatus = 'idle' | 'connecting' | 'online' | 'offline';

/** One line of the chat list: a stored message (by seq) or a relayed room event (gift, entrance). */
export type FeedItem = { key: string; message: ImMessage; event?: undefined } | { key: string; event: ImEvent; message?: undefined };

/** Lines kept for the chat list. */
/** Messages waiting to fly, kept even while no danmaku layer takes them (a goal's burst is 200+). */
const FRESH_MAX = 400;
const FEED_MAX = 300;
/** Horns kept (the banner shows the newest). */
const HORNS_MAX = 20;
/** How long a line waits for the chat to connect (or reconnect) before it says it could not be sent. */
const SEND_WAIT_MS = 30_000;
/** Times a line is sent when its socket goes away before the answer. */
const SEND_ATTEMPTS = 3;
/** send()'s outcome for a line that could not be sent (the page says so in the reader's language). */
export const SEND_FAILED = 'send_failed';

/** Whether a line of mine with this text arrived after `since` (a send whose answer was lost was stored). */
const sentSince = (list: readonly ImMessage[], since: number, mine: string, text: string) => !!mine && list.some((m) => m.seq > since && m.from === mine && m.payload.text === text.trim());

interface ChatState {
  groupId: number;
  status: ChatStatus;
  guest: boolean;
  messages: ImMessage[];
  lastSeq: number;
  /** Messages that arrived live since the last take (the danmaku layer flies them). */
  fresh: ImMessage[];
  /** The chat list in arrival order: messages and room events. */
  feed: FeedItem[];
  error: string;
  /** Set when the server removed me from the room (until when, and its message). */
  kicked: { until: string; msg: string } | null;
  /** One-to-one messages to and from me, oldest first (spec zhubo / zhushou lists). */
  direct: ImDirectMessage[];
  horns: Horn[];
}

export const useChatStore = create<ChatState>(() => ({ groupId: 0, status: 'idle', guest: true, messages: [], lastSeq: 0, fresh: [], feed: [], error: '', kicked: null, direct: [], horns: [] }));

type EventListener = (e: ImEvent) => void;
const eventListeners = new Set<EventListener>();
/** Room events as they arrive (the live page hands gifts to the economy's effects). */
export function onRoomEvent(fn: EventListener) {
  eventListeners.add(fn);
  return () => void eventListeners.delete(fn);
}

let eventCounter = 0;
const msgItem = (m: ImMessage): FeedItem => ({ key: `m${m.seq}`, message: m });
const addDirect = (list: ImDirectMessage[], m: ImDirectMessage) => (list.some((x) => x.id === m.id) ? list : [...list, m].sort((a, b) => a.id - b.id).slice(-200));

/** The live messages not yet flown; the danmaku layer takes them once. */
export function takeFresh(): ImMessage[] {
  const f = useChatStore.getState().fresh;
  if (f.length) useChatStore.setState({ fresh: [] });
  return f;
}

const wsUrl = () => `${location.origin.replace(/^http/, 'ws')}/ws/im`;

/** Which request an answer belongs to ('sent' answers a send, 'c2c_sent' a c2c; an error names its request). */
function ackOf(f: ImServerFrame): Ack | null {
  if (f.type === 'sent') return { kind: 'send', rid: f.rid };
  if (f.type === 'c2c_sent') return { kind: 'c2c', rid: f.rid };
  if (f.type === 'error' && (f.request === 'send' || f.request === 'c2c')) return { kind: f.request, rid: f.rid, error: f.msg };
  return null;
}

/** null when the server took the request; its error text, or 'offline' (no answer, no socket). */
const outcome = (p: Promise<unknown>): Promise<string | null> =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof RealtimeRequestError && e.reason === 'refused' ? e.message : 'offline'),
  );

class ImConnection {
  private groupId = 0;
  /**
   * The credential in use, kept across reconnects while it is valid (it verifies on every server
   * process): when a socket process dies, its thousands of viewers come back with a WebSocket each,
   * not also an HTTP call each to the process that owns the database. A new one after a login or
   * logout (relogin), when the server refuses it (4001) or the session ended (4003), and before it expires.
   */
  private cred: { value: ImCredential; member: boolean; until: number } | null = null;
  private readonly conn = new RealtimeConnection<ImServerFrame, ImCredential>({
    url: wsUrl,
    schema: imServerFrame,
    prepare: async () => {
      const member = useAuthStore.getState().islogin;
      const kept = this.cred;
      if (kept && kept.member === member && Date.now() < kept.until) return kept.value;
      const value = member ? await request(imSign, {}) : await request(imTouristAccount, {});
      this.cred = { value, member, until: Date.now() + value.expire * 900 };
      return value;
    },
    onOpen: (cred) => this.conn.send({ type: 'login', identifier: cred.identifier, userSig: cred.userSig } satisfies ImClientFrame),
    onFrame: (f) => this.onFrame(f),
    onStatus: (st) => {
      // 'open' is not yet 'online': that waits for the room's join.
      if (st !== 'open') useChatStore.setState({ status: st });
    },
    // 4003: the login session ended (sign-out elsewhere, password change, ban). Ask again at
    // once: the credential call answers "not logged in", which signs the page out, and the
    // room goes on as a guest's.
    reconnectAtOnce: (code) => {
      if (code === 4001 || code === 4003) this.cred = null;
      return code === 4003;
    },
    // Keeps proxies from closing an idle socket, and notices a dead one.
    heartbeat: { frame: { type: 'ping' } satisfies ImClientFrame, everyMs: 25_000, timeoutMs: 10_000 },
    ackOf,
  });

  open(groupId: number) {
    if (this.groupId !== groupId) useChatStore.setState({ groupId, messages: [], lastSeq: 0, fresh: [], feed: [], error: '', kicked: null });
    this.groupId = groupId;
    this.conn.start();
  }

  close() {
    this.conn.stop();
  }

  /** Re-logs in with a fresh credential (after login / logout). */
  relogin() {
    this.cred = null;
    if (this.conn.active) this.conn.start();
  }

  /**
   * Sends a chat line and resolves once it has an outcome: null when the server took it (it is
   * shown), the server's refusal in the reader's language, or SEND_FAILED when it could not be sent.
   *
   * Why it waits: a line typed while the socket is still connecting or logging in (the chat opens
   * 500 ms after the room, and a loaded machine takes seconds more) used to be refused at once, and
   * one sent while the socket dropped was lost without a word (issue #50). Now it waits for the room
   * to be joined, up to SEND_WAIT_MS, and is sent then. A line whose socket went away before the
   * answer may have been stored: after the rejoin, the room's history says whether it was (a line of
   * mine with the same text after the last one I had), and only a line that is not there is sent again.
   */
  async send(text: string): Promise<string | null> {
    const deadline = Date.now() + SEND_WAIT_MS;
    const mine = String(useAuthStore.getState().user?.id ?? '');
    for (let attempt = 0; attempt < SEND_ATTEMPTS; attempt++) {
      if (!(await this.whenOnline(deadline))) return SEND_FAILED;
      const since = useChatStore.getState().lastSeq;
      try {
        await this.conn.request({ type: 'send', groupId: this.groupId, text });
        return null;
      } catch (e) {
        const reason = e instanceof RealtimeRequestError ? e.reason : 'offline';
        if (reason === 'refused') return (e as Error).message;
        // Not answered in time on a socket still up (a starved server): it may yet be stored, so it
        // is not sent twice; it counts as sent if it shows up in the room before the deadline.
        if (reason === 'timeout' && this.conn.isOpen()) return (await this.when(() => sentSince(useChatStore.getState().messages, since, mine, text), deadline)) ? null : SEND_FAILED;
      }
      // The socket went away: once the room is joined again, its resumed history says whether it was stored.
      if (!(await this.whenOnline(deadline))) return SEND_FAILED;
      if (sentSince(useChatStore.getState().messages, since, mine, text)) return null;
    }
    return SEND_FAILED;
  }

  /**
   * Resolves true once the room is joined on an open socket, false at the deadline. (A chat not
   * started yet is waited for too: the room opens it 500 ms after it mounts.)
   */
  private whenOnline(deadline: number): Promise<boolean> {
    return this.when(() => useChatStore.getState().status === 'online' && this.conn.isOpen(), deadline);
  }

  /** Resolves true once `ready()` holds (checked at each change of the chat's state and every 200 ms), false at the deadline. */
  private when(ready: () => boolean, deadline: number): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        if (ready()) return done(true);
        if (Date.now() >= deadline) return done(false);
      };
      // The store tells when the room is joined or a line arrives; the poll catches a socket that closed meanwhile and the deadline.
      const off = useChatStore.subscribe(check);
      const poll = setInterval(check, 200);
      let settled = false;
      function done(v: boolean) {
        if (settled) return;
        settled = true;
        off();
        clearInterval(poll);
        resolve(v);
      }
      check();
    });
  }

  /** A one-to-one message; resolves with an error text, or null when the server took it. */
  sendDirect(to: number, text: string): Promise<string | null> {
    if (useChatStore.getState().status === 'offline') return Promise.resolve('offline');
    return outcome(this.conn.request({ type: 'c2c', to, text }));
  }

  private onFrame(f: ImServerFrame) {
    const s = useChatStore.getState();
    switch (f.type) {
      case 'login':
        useChatStore.setState({ guest: f.guest });
        // Resumes after the last message this page has, so a reconnect loses and repeats nothing.
        this.conn.send({ type: 'join', groupId: this.groupId, ...(s.lastSeq > 0 ? { lastSeq: s.lastSeq } : {}) } satisfies ImClientFrame);
        if (!f.guest) this.conn.send({ type: 'c2c_history' } satisfies ImClientFrame);
        return;
      case 'joined':
      case 'messages': {
        if (f.groupId !== this.groupId) return;
        const merged = mergeBySeq(s.messages, f.messages, s.lastSeq);
        const firstJoin = f.type === 'joined' && s.lastSeq === 0;
        // History on the first join does not fly; a resume's missed messages and live ones do.
        const fly = firstJoin ? [] : merged.fresh;
        const events = f.type === 'messages' ? (f.events ?? []) : [];
        let feed = firstJoin ? merged.list.map(msgItem) : s.feed.concat(merged.fresh.map(msgItem));
        // A stream starting or ending is for the page (it starts the player), not a chat line.
        const listed = events.filter((e) => e.type !== ImCustomType.LIVE);
        if (listed.length) feed = feed.concat(listed.map((e) => ({ key: `e${++eventCounter}`, event: e })));
        useChatStore.setState({
          messages: merged.list,
          lastSeq: merged.lastSeq,
          fresh: fly.length ? s.fresh.concat(fly).slice(-FRESH_MAX) : s.fresh,
          feed: feed.length > FEED_MAX ? feed.slice(-FEED_MAX) : feed,
        });
        for (const e of events) for (const fn of eventListeners) fn(e);
        if (f.type === 'joined') {
          this.conn.resetBackoff();
          useChatStore.setState({ status: 'online', error: '', kicked: null });
        }
        return;
      }
      case 'kicked':
        if (f.groupId !== this.groupId) return;
        // Out of the room until the kick ends: no reconnect loop trying to join again.
        useChatStore.setState({ kicked: { until: f.until, msg: f.msg } });
        return;
      case 'c2c':
      case 'c2c_sent':
        useChatStore.setState({ direct: addDirect(s.direct, f.message) });
        return;
      case 'c2c_history':
        useChatStore.setState({ direct: f.messages.reduce(addDirect, s.direct) });
        return;
      case 'horn':
        useChatStore.setState({ horns: [...s.horns.filter((h) => h.id !== f.horn.id), f.horn].slice(-HORNS_MAX) });
        return;
      case 'error':
        // Errors of a send or c2c went to their request; others are the room's.
        if (!ackOf(f)) useChatStore.setState({ error: f.msg });
        return;
      default:
        return;
    }
  }
}

/** One per page. */
export const imConnection = new ImConnection();

// Logging in or out while in a room: the connection logs in again under the new identity.
useAuthStore.subscribe((s, prev) => {
  if (s.islogin !== prev.islogin) imConnection.relogin();
});
