import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImMessage } from '@livesports/contracts/chat';

// The connection against a scripted socket: login → join → history, live batches, a drop,
// the resume with lastSeq and an overlapping resend that must not show twice.
vi.mock('@/shared/api/client', () => ({
  request: vi.fn(async (call: { path: string }) => ({ identifier: call.path.toLowerCase().includes('tourist') ? 'tourist_x' : '5', userSig: 'sig', sdkAppId: 1, expire: 60 })),
}));

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen?: () => void;
  onmessage?: (e: { data: string }) => void;
  onclose?: (e: { code: number }) => void;
  constructor(public url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    // As a browser does: the close handler gets a CloseEvent (1006: dropped without a close frame).
    this.onclose?.({ code: 1006 });
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const msg = (seq: number): ImMessage => ({ groupId: 9, seq, from: '1', nick: 'a', avatar: '', type: 'TIMTextElem', payload: { text: `t${seq}` }, time: 0 });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('imConnection', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('logs in, joins, resumes after a drop with lastSeq and skips repeats', async () => {
    const { imConnection, useChatStore, takeFresh } = await import('./im-client');
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    imConnection.open(9);
    await vi.waitFor(() => expect(FakeSocket.all[0]?.sent[0]).toEqual({ type: 'login', identifier: 'tourist_x', userSig: 'sig' }));
    const ws = FakeSocket.all[0]!;
    expect(ws.url).toMatch(/^ws:\/\/.+\/ws\/im$/);
    ws.receive({ type: 'login', identifier: 'tourist_x', guest: true });
    expect(ws.sent[1]).toEqual({ type: 'join', groupId: 9 });
    ws.receive({ type: 'joined', groupId: 9, messages: [msg(1), msg(2)] });
    expect(useChatStore.getState()).toMatchObject({ status: 'online', lastSeq: 2, guest: true });
    expect(takeFresh()).toEqual([]); // history does not fly
    ws.receive({ type: 'messages', groupId: 9, messages: [msg(3)] });
    expect(takeFresh().map((m) => m.seq)).toEqual([3]);

    ws.close();
    expect(useChatStore.getState().status).toBe('offline');
    await vi.advanceTimersByTimeAsync(1300);
    vi.useRealTimers();
    await vi.waitFor(() => expect(FakeSocket.all[1]?.sent.length).toBe(1));
    const again = FakeSocket.all[1]!;
    // The credential of the first connection is still valid: no second credential call.
    const { request } = await import('@/shared/api/client');
    expect(request).toHaveBeenCalledTimes(1);
    again.receive({ type: 'login', identifier: 'tourist_x', guest: true });
    expect(again.sent[1]).toEqual({ type: 'join', groupId: 9, lastSeq: 3 });
    again.receive({ type: 'joined', groupId: 9, messages: [msg(3), msg(4)] });
    again.receive({ type: 'messages', groupId: 9, messages: [msg(4), msg(5)] });
    expect(useChatStore.getState().messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(takeFresh().map((m) => m.seq)).toEqual([4, 5]);

    // A guest's send is refused by the server and reported, not shown.
    const pending = imConnection.send('hello');
    await vi.waitFor(() => expect(again.sent[2]).toEqual({ type: 'send', groupId: 9, text: 'hello', rid: 1 }));
    again.receive({ type: 'error', msg: 'Please log in first', request: 'send' });
    await expect(pending).resolves.toBe('Please log in first');

    // A credential the server refuses (4001) is not offered again: the next attempt asks anew.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    again.readyState = 3;
    again.onclose?.({ code: 4001 });
    await vi.advanceTimersByTimeAsync(1300);
    vi.useRealTimers();
    await vi.waitFor(() => expect(FakeSocket.all[2]?.sent.length).toBe(1));
    expect(request).toHaveBeenCalledTimes(2);

    imConnection.close();
    await flush();
    expect(useChatStore.getState().status).toBe('idle');
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('hands "the stream started" to the page, not to the chat list', async () => {
    const { imConnection, useChatStore, onRoomEvent } = await import('./im-client');
    const heard: unknown[] = [];
    const off = onRoomEvent((e) => heard.push(e));
    imConnection.open(9);
    await vi.waitFor(() => expect(FakeSocket.all[0]?.sent[0]).toBeTruthy());
    const ws = FakeSocket.all[0]!;
    ws.receive({ type: 'login', identifier: 'tourist_x', guest: true });
    ws.receive({ type: 'joined', groupId: 9, messages: [] });
    const feed = useChatStore.getState().feed.length;
    ws.receive({ type: 'messages', groupId: 9, messages: [], events: [{ type: 104, room_id: 9, is_live: 1 }] });
    expect(heard).toEqual([{ type: 104, room_id: 9, is_live: 1 }]);
    expect(useChatStore.getState().feed).toHaveLength(feed);
    off();
    imConnection.close();
    await flush();
  });
});
