import { create } from 'zustand';
import { type ImCredential, type ImMessage, type ImServerFrame, imSign, imTouristAccount } from '@livesports/contracts/chat';
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

interface ChatState {
  groupId: number;
  status: ChatStatus;
  guest: boolean;
  messages: ImMessage[];
  lastSeq: number;
  /** Messages that arrived live since the last take (the danmaku layer flies them). */
  fresh: ImMessage[];
  error: string;
}

export const useChatStore = create<ChatState>(() => ({ groupId: 0, status: 'idle', guest: true, messages: [], lastSeq: 0, fresh: [], error: '' }));

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

  open(groupId: number) {
    if (this.groupId !== groupId) useChatStore.setState({ groupId, messages: [], lastSeq: 0, fresh: [], error: '' });
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

  private clearTimers() {
    if (this.timer) clearTimeout(this.timer);
    if (this.ping) clearInterval(this.ping);
    this.timer = null;
    this.ping = null;
  }

  private failSends(msg: string) {
    for (const r of this.pendingSends.splice(0)) r(msg);
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
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.failSends('offline');
      this.scheduleReconnect();
    };
  }

  private onFrame(ws: WebSocket, f: ImServerFrame) {
    const s = useChatStore.getState();
    switch (f.type) {
      case 'login':
        useChatStore.setState({ guest: f.guest });
        ws.send(JSON.stringify({ type: 'join', groupId: this.groupId, ...(s.lastSeq > 0 ? { lastSeq: s.lastSeq } : {}) }));
        // Keeps proxies from closing an idle socket.
        this.ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'), 25_000);
        return;
      case 'joined':
      case 'messages': {
        if (f.groupId !== this.groupId) return;
        const merged = mergeBySeq(s.messages, f.messages, s.lastSeq);
        // History on the first join does not fly; a resume's missed messages and live ones do.
        const fly = f.type === 'messages' || s.lastSeq > 0 ? merged.fresh : [];
        useChatStore.setState({ messages: merged.list, lastSeq: merged.lastSeq, fresh: fly.length ? s.fresh.concat(fly).slice(-50) : s.fresh });
        if (f.type === 'joined') {
          this.attempt = 0;
          useChatStore.setState({ status: 'online', error: '' });
        }
        return;
      }
      case 'sent':
        this.pendingSends.shift()?.(null);
        return;
      case 'error':
        if (f.request === 'send') this.pendingSends.shift()?.(f.msg);
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
