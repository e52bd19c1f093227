import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, envelope, mockFetch, Providers, setupI18n } from '@/test-utils';
import { useAuthStore } from '@/shared/stores/auth';
import { SEND_FAILED, useChatStore } from '../api/im-client';
import { useChatDraft } from '../lib/draft';
import { ChatPanel } from './chat-panel';

// The chat input as a viewer sees it: the n/200 counter, and when Send is disabled, why — too long,
// the room's slow mode with the seconds left (counting down), muted; the slow mode setting is
// shown by the input and follows the room's notices.

const sent: string[] = [];
/** What the server answers the next send (null: taken). */
let answer: () => Promise<string | null> = async () => null;
vi.mock('../api/use-room-chat', () => ({
  useRoomChat: () => {},
  sendChat: async (text: string) => {
    sent.push(text);
    return answer();
  },
}));

const ok = (data: unknown) => envelope({ code: 200, msg: '', data });
let role: Record<string, unknown> = {};

function login() {
  useAuthStore.getState().setLogin({ token: 'tok', id: 7, user_nickname: 'Me', avatar: '', is_anchor: 0, exp: 0, level: 1, balance: 0, is_admin: 0 } as never);
}
function panel() {
  render(
    <Providers>
      <ChatPanel roomId={9} />
    </Providers>,
  );
}

beforeAll(async () => {
  await setupI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  clearCookies();
  sent.length = 0;
  answer = async () => null;
  useChatDraft.setState({ roomId: 0, text: '', sending: false, error: '', lastSentAt: null });
  useAuthStore.getState().clear();
  useChatStore.setState({ groupId: 9, status: 'online', feed: [], kicked: null, error: '', direct: [] });
  role = { role: 'viewer', muted_until: null, kicked_until: null, slow_mode: 0, slow_mode_exempt: false };
  mockFetch((url) => {
    if (url.includes('getMyRole')) return ok(role);
    if (url.includes('getRoomAdmin')) return ok([]);
    throw new Error(url);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('chat input', () => {
  it('counts n/200 and says why Send is disabled when the text is too long', async () => {
    login();
    panel();
    const input = await screen.findByTestId('chat-input');
    const send = screen.getByTestId('chat-send') as HTMLButtonElement;
    expect(screen.getByText('0/200')).toBeTruthy();
    expect(send.disabled).toBe(true);
    expect(send.title).toBe('Type a message to send');
    fireEvent.change(input, { target: { value: '⚽ goal' } });
    expect(screen.getByText('6/200')).toBeTruthy();
    expect(send.disabled).toBe(false);
    fireEvent.change(input, { target: { value: 'x'.repeat(203) } });
    expect(screen.getByText('203/200')).toBeTruthy();
    expect(send.disabled).toBe(true);
    expect(screen.getByTestId('chat-send-why').textContent).toBe('3 characters over the 200 limit');
  });

  it('shows the slow mode and, after a message, waits with the seconds left', async () => {
    role = { ...role, slow_mode: 5 };
    login();
    panel();
    expect((await screen.findByTestId('chat-slow-mode')).textContent).toBe('Slow mode: 5 s');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'first' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(sent).toEqual(['first']));
    fireEvent.change(input, { target: { value: 'second' } });
    const send = screen.getByTestId('chat-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByTestId('chat-send-why').textContent).toBe('Slow mode: wait 5 s');
    await act(async () => {
      vi.advanceTimersByTime(2100);
    });
    expect(screen.getByTestId('chat-send-why').textContent).toBe('Slow mode: wait 3 s');
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(send.disabled).toBe(false);
    expect(screen.queryByTestId('chat-send-why')).toBeNull();
  });

  it('the anchor, room admins and staff see the setting but never wait', async () => {
    role = { ...role, role: 'admin', slow_mode: 10, slow_mode_exempt: true };
    login();
    panel();
    await screen.findByTestId('chat-slow-mode');
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'one' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(sent).toEqual(['one']));
    fireEvent.change(input, { target: { value: 'two' } });
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('follows a slow-mode notice in the room', async () => {
    login();
    panel();
    await screen.findByTestId('chat-input');
    expect(screen.queryByTestId('chat-slow-mode')).toBeNull();
    const data = JSON.stringify({ type: 103, action: 'slow_mode', target: { id: 9, nick: 'Host' }, seconds: 3 });
    act(() => {
      useChatStore.setState({ feed: [{ key: 'm1', message: { groupId: 9, seq: 1, from: '9', nick: 'Host', avatar: '', type: 'TIMCustomElem', payload: { data }, time: 0 } }] });
    });
    expect((await screen.findByTestId('chat-slow-mode')).textContent).toBe('Slow mode: 3 s');
    expect(screen.getByTestId('chat-notice').textContent).toBe('Host turned on slow mode: 3 s between messages');
  });

  it('says when I am muted', async () => {
    role = { ...role, muted_until: new Date(Date.now() + 600_000).toISOString() };
    login();
    panel();
    expect((await screen.findByTestId('chat-muted')).textContent).toContain('You are muted in this room until');
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'hello' } });
    const send = screen.getByTestId('chat-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.title).toContain('You are muted in this room until');
  });

  it('a line on its way says so; a refused one keeps its text and shows why; one that could not be sent says so', async () => {
    login();
    panel();
    const input = (await screen.findByTestId('chat-input')) as HTMLInputElement;
    let release: (v: string | null) => void = () => {};
    answer = () => new Promise((r) => (release = r));
    fireEvent.change(input, { target: { value: 'too quick' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect((await screen.findByTestId('chat-sending')).textContent).toBe('Sending…');
    expect(input.value).toBe('too quick');
    await act(async () => release('You are sending too fast: wait 1 s'));
    expect(screen.getByTestId('chat-send-error').textContent).toBe('You are sending too fast: wait 1 s');
    expect(input.value).toBe('too quick');
    expect(screen.queryByTestId('chat-sending')).toBeNull();

    answer = async () => SEND_FAILED;
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(screen.getByTestId('chat-send-error').textContent).toBe('Your message could not be sent: the chat is not connected. Your text is kept, try again'));
    expect(input.value).toBe('too quick');
  });

  it('waits visibly while the chat connects, and the typed text outlives the panel (theater mode, a re-render of the room)', async () => {
    useChatStore.setState({ status: 'connecting' });
    login();
    panel();
    const input = (await screen.findByTestId('chat-input')) as HTMLInputElement;
    let release: (v: string | null) => void = () => {};
    answer = () => new Promise((r) => (release = r));
    fireEvent.change(input, { target: { value: 'first line' } });
    // Send is not disabled by a chat still connecting: the line waits for it.
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('chat-sending')).textContent).toBe('Chat is connecting: your message goes as soon as it is connected…');
    cleanup();
    panel();
    expect(((await screen.findByTestId('chat-input')) as HTMLInputElement).value).toBe('first line');
    await act(async () => release(null));
    expect((screen.getByTestId('chat-input') as HTMLInputElement).value).toBe('');
    expect(sent).toEqual(['first line']);
  });
});
