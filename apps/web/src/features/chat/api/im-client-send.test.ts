import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImMessage } from '@livesports/contracts/chat';
import { FakeSocket as SharedFakeSocket } from '@/shared/realtime/fake-socket';

// Every send ends with an outcome the page can show (issue #50): a line sent while the chat is
// still connecting waits and goes once the room is joined; a line whose socket went away before
// the answer is looked for in the resumed history and sent again only when it is not there; one
// that cannot be sent says so.
vi.mock('@/shared/api/client', () => ({
  request: vi.fn(async () => ({ identifier: '5', userSig: 'sig', sdkAppId: 1, expire: 60 })),
}));

/** The shared scripted socket, opening by itself and closing as a network drop does (the client reconnects). */
class FakeSocket extends SharedFakeSocket {
  static override all: FakeSocket[] = [];
  constructor(url: string) {
    super(url);
    SharedFakeSocket.all.pop();
    FakeSocket.all.push(this);
    queueMicrotask(() => this.open());
  }
  override close() {
    this.drop();
  }
  frames(type: string) {
    return this.sent.filter((f) => f.type === type);
  }
}

const line = (seq: number, text: string, from = '5'): ImMessage => ({ groupId: 9, seq, from, nick: 'me', avatar: '', type: 'TIMTextElem', payload: { text }, time: 0 });

/** The socket `n` once it has logged in, answered as the server does (login, then joined with `history`). */
async function joinOn(n: number, history: ImMessage[]) {
  // A reconnect comes after the client's backoff with jitter (over a second on a busy machine).
  await vi.waitFor(() => expect(FakeSocket.all[n]?.sent[0]).toMatchObject({ type: 'login' }), { timeout: 10_000 });
  const ws = FakeSocket.all[n]!;
  ws.receive({ type: 'login', identifier: '5', guest: false });
  ws.receive({ type: 'joined', groupId: 9, messages: history });
  return ws;
}

describe('imConnection.send', () => {
  beforeEach(async () => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const { useAuthStore } = await import('@/shared/stores/auth');
    useAuthStore.setState({ islogin: true, user: { id: 5 } as never });
    // Each test opens the room afresh (open() starts a room's state anew when the room changes).
    const { useChatStore } = await import('./im-client');
    useChatStore.setState({ groupId: 0, status: 'idle', messages: [], lastSeq: 0, feed: [], fresh: [] });
  });
  afterEach(async () => {
    const { imConnection } = await import('./im-client');
    imConnection.close();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a line sent before the chat is connected waits for the join and is sent then', async () => {
    const { imConnection, useChatStore } = await import('./im-client');
    // Typed in the room's first moment: the chat has not even started (it opens 500 ms after the room).
    const outcome = imConnection.send('first!');
    await new Promise((r) => setTimeout(r, 50));
    imConnection.open(9);
    const ws = await joinOn(0, []);
    expect(useChatStore.getState().status).toBe('online');
    await vi.waitFor(() => expect(ws.frames('send')).toEqual([{ type: 'send', groupId: 9, text: 'first!', rid: 1 }]));
    ws.receive({ type: 'sent', groupId: 9, seq: 1, rid: 1 });
    await expect(outcome).resolves.toBeNull();
  });

  it('a refusal comes back as the server worded it, and is not sent again', async () => {
    const { imConnection } = await import('./im-client');
    imConnection.open(9);
    const ws = await joinOn(0, []);
    const outcome = imConnection.send('again');
    await vi.waitFor(() => expect(ws.frames('send')).toHaveLength(1));
    ws.receive({ type: 'error', msg: 'You are sending too fast: wait 1 s', request: 'send', rid: ws.frames('send')[0]!.rid });
    await expect(outcome).resolves.toBe('You are sending too fast: wait 1 s');
    expect(ws.frames('send')).toHaveLength(1);
  });

  it('the socket drops before the answer: a line the resumed history holds counts as sent, one it does not hold is sent again', async () => {
    const { imConnection } = await import('./im-client');
    imConnection.open(9);
    const first = await joinOn(0, [line(1, 'older', '8')]);
    const stored = imConnection.send('made it');
    await vi.waitFor(() => expect(first.frames('send')).toHaveLength(1));
    first.close();
    // Back after the reconnect's backoff: the resume brings the line (it was stored before the drop).
    const second = await joinOn(1, [line(2, 'made it')]);
    await expect(stored).resolves.toBeNull();
    expect(second.frames('send')).toHaveLength(0);

    const lost = imConnection.send('lost on the way');
    await vi.waitFor(() => expect(second.frames('send')).toHaveLength(1));
    second.close();
    const third = await joinOn(2, []);
    await vi.waitFor(() => expect(third.frames('send')).toMatchObject([{ type: 'send', text: 'lost on the way' }]), { timeout: 5_000 });
    third.receive({ type: 'sent', groupId: 9, seq: 3, rid: third.frames('send')[0]!.rid });
    await expect(lost).resolves.toBeNull();
  }, 30_000);

  it('a line not answered in time on a socket still up is not sent again; it counts as sent when it shows up in the room', async () => {
    const { imConnection, useChatStore, SEND_FAILED } = await import('./im-client');
    imConnection.open(9);
    const ws = await joinOn(0, []);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    const slow = imConnection.send('slow server');
    await vi.advanceTimersByTimeAsync(10_500); // the request's own timeout
    ws.receive({ type: 'messages', groupId: 9, messages: [line(useChatStore.getState().lastSeq + 1, 'slow server')] });
    await vi.advanceTimersByTimeAsync(300);
    await expect(slow).resolves.toBeNull();
    const lost = imConnection.send('never arrives');
    await vi.advanceTimersByTimeAsync(31_000);
    await expect(lost).resolves.toBe(SEND_FAILED);
    expect(ws.frames('send').map((f) => f.text)).toEqual(['slow server', 'never arrives']);
  });

  it('a line that cannot be sent in time says so', async () => {
    const { imConnection, SEND_FAILED } = await import('./im-client');
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    // The chat never connects (the room's chat was not opened).
    const outcome = imConnection.send('nobody hears');
    await vi.advanceTimersByTimeAsync(31_000);
    await expect(outcome).resolves.toBe(SEND_FAILED);
  });
});
