import { create } from 'zustand';
import { type Horn, type ImCredential, type ImDirectMessage, type ImEvent, ImCustomType, type ImMessage, type ImServerFrame, imSign, imTouristAccount } from '@livesports/contracts/chat';
import { request } from '@/shared/api/client';
import { useAuthStore } from '@/shared/stores/auth';
import { backoffMs, mergeBySeq } from '../lib/seq';

/**
 * The page's one /ws/im connection (spec §1 IM, §7 chat login 500 ms after the room mounts).
 * Gets a credential (member: api/Member/imSign; guest: api/Universal/imTouristAccount), logs in,
 * joins the room group, keeps the last sequence seen and, after a drop, reconnects with backoff
 * and joins again with lastSeq so nothing is lost or repeated (repeats are skipped by seq anyway).
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

class ImConnection {
  private ws: WebSocket | null = null;
  private groupId = 0;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ping: ReturnType<typeof setInterval> | null = null;
  private closed = true;
  /** Bumped by every connect; a slower earlier attempt that finishes later gives up. */
  private gen = 0;
  private pendingSends: ((err: string | null) => void)[] = [];
  private pendingDirect: ((err: string | null) => void)[] = [];

  open(groupId: number) {
    if (this.groupId !== groupId) useChatStore.setState({ groupId, messages: [], lastSeq: 0, fresh: [], feed: [], error: '', kicked: null });
    this.groupId = groupId;
    this.closed = false;
    this.attempt = 0;
    this.reconnectNow();
  }

  close() {
    this.closed = true;
    this.gen++;
    this.clearTimers();
    this.ws?.close();
    this.ws = null;
    this.failSends('offline');
    useChatStore.setState({ status: 'idle' });
  }

  /** Re-logs in with a fresh credential (after login / logout). */
  relogin() {
    if (!this.closed) this.reconnectNow();
  }

  send(text: string): Promise<string | null> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || useChatStore.getState().status !== 'online') return Promise.resolve('offline');
    ws.send(JSON.stringify({ type: 'send', groupId: this.groupId, text }));
    return new Promise((resolve) => this.pendingSends.push(resolve));
  }

  /** A one-to-one message; resolves with an error text, or null when the server took it. */
  sendDirect(to: number, text: string): Promise<string | null> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || useChatStore.getState().status === 'offline') return Promise.resolve('offline');
    ws.send(JSON.stringify({ type: 'c2c', to, text }));
    return new Promise((resolve) => this.pendingDirect.push(resolve));
  }

  private clearTimers() {
    if (this.timer) clearTimeout(this.timer);
    if (this.ping) clearInterval(this.ping);
    this.timer = null;
    this.ping = null;
  }

  private failSends(msg: string) {
    for (const r of this.pendingSends.splice(0)) r(msg);
    for (const r of this.pendingDirect.splice(0)) r(msg);
  }

  private reconnectNow() {
    this.clearTimers();
    const old = this.ws;
    this.ws = null;
    old?.close();
    void this.connect();
  }

  private scheduleReconnect() {
    if (this.closed) return;
    this.clearTimers();
    useChatStore.setState({ status: 'offline' });
    this.timer = setTimeout(() => void this.connect(), backoffMs(this.attempt++));
  }

  private async connect() {
    const gen = ++this.gen;
    useChatStore.setState({ status: 'connecting' });
    let cred: ImCredential;
    try {
      cred = useAuthStore.getState().islogin ? await request(imSign, {}) : await request(imTouristAccount, {});
    } catch {
      if (gen === this.gen) this.scheduleReconnect();
      return;
    }
    if (this.closed || gen !== this.gen) return;
    const ws = new WebSocket(wsUrl());
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'login', identifier: cred.identifier, userSig: cred.userSig }));
    ws.onmessage = (e) => {
      if (this.ws !== ws) return;
      let frame: ImServerFrame;
      try {
        frame = JSON.parse(String(e.data)) as ImServerFrame;
      } catch {
        return;
      }
      this.onFrame(ws, frame);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.failSends('offline');
      // 4003: the login session ended (sign-out elsewhere, password change, ban). Ask again at
      // once: the credential call answers "not logged in", which signs the page out, and the
      // room goes on as a guest's.
      if (e.code === 4003 && !this.closed) {
        this.clearTimers();
        this.attempt = 0;
        void this.connect();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private onFrame(ws: WebSocket, f: ImServerFrame) {
    const s = useChatStore.getState();
    switch (f.type) {
      case 'login':
        useChatStore.setState({ guest: f.guest });
        ws.send(JSON.stringify({ type: 'join', groupId: this.groupId, ...(s.lastSeq > 0 ? { lastSeq: s.lastSeq } : {}) }));
        if (!f.guest) ws.send('{"type":"c2c_history"}');
        // Keeps proxies from closing an idle socket.
        this.ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'), 25_000);
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
          this.attempt = 0;
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
        useChatStore.setState({ direct: addDirect(s.direct, f.message) });
        return;
      case 'c2c_sent':
        useChatStore.setState({ direct: addDirect(s.direct, f.message) });
        this.pendingDirect.shift()?.(null);
        return;
      case 'c2c_history':
        useChatStore.setState({ direct: f.messages.reduce(addDirect, s.direct) });
        return;
      case 'horn':
        useChatStore.setState({ horns: [...s.horns.filter((h) => h.id !== f.horn.id), f.horn].slice(-HORNS_MAX) });
        return;
      case 'sent':
        this.pendingSends.shift()?.(null);
        return;
      case 'error':
        if (f.request === 'send') this.pendingSends.shift()?.(f.msg);
        else if (f.request === 'c2c') this.pendingDirect.shift()?.(f.msg);
        else useChatStore.setState({ error: f.msg });
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
