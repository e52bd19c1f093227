import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Horn } from '@livesports/contracts/chat';
import { clearCookies, envelope, mockFetch, Providers, setupI18n } from '@/test-utils';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { useToastStore } from '@/shared/stores/toast';
import { useChatStore } from '../api/im-client';
import { HornBanner, HornButton } from './horns';
import { ManageRoomButton } from './manage-room';

// The parts a viewer or anchor sees: the banner shows the newest horn for 12 s (with a link to
// another room), the horn dialog shows the cost and the balance after, and room management's
// keyword tab shows the saved words and the server's refusal inline.

const horn = (id: number, over: Partial<Horn> = {}): Horn => ({
  id,
  user: { id: 3, nick: `Fan${id}`, avatar: '' },
  noble: 'emperor',
  room_id: 5,
  text: `Come watch ${id}`,
  time: Math.floor(Date.now() / 1000),
  ...over,
});
const ok = (data: unknown) => envelope({ code: 200, msg: '', data });

function login() {
  useAuthStore.getState().setLogin({ token: 'tok', id: 7, user_nickname: 'Me', avatar: '', is_anchor: 1, exp: 0, level: 1, balance: 6000, is_admin: 0 } as never);
}

beforeAll(async () => {
  await setupI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  clearCookies();
  useAuthStore.getState().clear();
  useToastStore.getState().clear();
  useChatStore.setState({ groupId: 9, horns: [] });
  useLoginDialog.setState({ open: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HornBanner', () => {
  it('shows the newest horn with a noble-coloured name and a link to its room, then hides after 12 s', () => {
    vi.useFakeTimers();
    render(
      <Providers>
        <HornBanner />
      </Providers>,
    );
    expect(screen.queryByTestId('horn-banner')).toBeNull();
    act(() => useChatStore.setState({ horns: [horn(1)] }));
    const banner = screen.getByTestId('horn-banner');
    expect(banner.textContent).toContain('Fan1');
    expect(banner.textContent).toContain('Come watch 1');
    expect(within(banner).getByText('Fan1').style.color).toBe('rgb(255, 93, 93)');
    expect(within(banner).getByTestId('horn-banner-link').getAttribute('href')).toBe('/live?id=5');

    // A newer horn replaces it; one from the room being watched has no link.
    act(() => vi.advanceTimersByTime(6000));
    act(() => useChatStore.setState({ horns: [horn(1), horn(2, { room_id: 9, noble: null })] }));
    expect(screen.getByTestId('horn-banner').textContent).toContain('Come watch 2');
    expect(screen.queryByTestId('horn-banner-link')).toBeNull();
    act(() => vi.advanceTimersByTime(11_900));
    expect(screen.getByTestId('horn-banner')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('horn-banner')).toBeNull();
  });

  it('does not replay a horn that was already old when the page opened', () => {
    useChatStore.setState({ horns: [horn(1, { time: Math.floor(Date.now() / 1000) - 60 })] });
    render(
      <Providers>
        <HornBanner />
      </Providers>,
    );
    expect(screen.queryByTestId('horn-banner')).toBeNull();
  });
});

describe('HornButton', () => {
  it('sends guests to the login dialog', () => {
    render(
      <Providers>
        <HornButton roomId={9} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('horn-open'));
    expect(useLoginDialog.getState()).toMatchObject({ open: true, mode: 'login' });
    expect(screen.queryByTestId('horn-dialog')).toBeNull();
  });

  it('shows free horns for an emperor, sends with a fresh key each time and shows the balance after', async () => {
    login();
    const keys: string[] = [];
    let left = 2;
    mockFetch((url, init) => {
      if (url.includes('api/Noble/getInfo')) return ok({ tiers: [], mine: { tier: 'emperor', expires_at: '2027-01-01T00:00:00Z', free_horns_left: left } });
      if (url.includes('api/Member/hornList')) return ok([horn(4, { text: 'Earlier horn' })]);
      if (url.includes('api/Member/sneHorn')) {
        const body = JSON.parse(String(init.body));
        keys.push(body.idempotency_key);
        expect(body).toMatchObject({ text: 'Derby tonight!', room_id: 9 });
        left -= 1;
        return ok({ horn: horn(10, { text: body.text }), free: true, balance: 6000, free_horns_left: left });
      }
      throw new Error(url);
    });
    render(
      <Providers>
        <HornButton roomId={9} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('horn-open'));
    const dialog = await screen.findByTestId('horn-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('horn-cost').textContent).toContain('Free (2 left this month)'));
    expect(await within(dialog).findByText('Earlier horn')).toBeTruthy();

    const input = within(dialog).getByTestId('horn-input');
    fireEvent.change(input, { target: { value: 'x'.repeat(51) } });
    expect(within(dialog).getByTestId('horn-count').textContent).toContain('51/50');
    expect((within(dialog).getByTestId('horn-send') as HTMLButtonElement).disabled).toBe(true);

    for (const round of [1, 2]) {
      fireEvent.change(input, { target: { value: '  Derby tonight!' } });
      expect(within(dialog).getByTestId('horn-count').textContent).toContain('14/50');
      fireEvent.click(within(dialog).getByTestId('horn-send'));
      await waitFor(() => expect(within(dialog).getByTestId('horn-sent').textContent).toContain(`${2 - round} free horns left this month. Balance: 600 coins`));
      expect((input as HTMLInputElement).value).toBe('');
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('charges 100 coins otherwise and shows the server refusal inline with a recharge link', async () => {
    login();
    mockFetch((url) => {
      if (url.includes('api/Noble/getInfo')) return ok({ tiers: [], mine: null });
      if (url.includes('api/Member/hornList')) return ok([]);
      if (url.includes('api/Member/sneHorn')) return envelope({ code: 1, msg: 'Not enough gold coins, please recharge', data: null });
      throw new Error(url);
    });
    render(
      <Providers>
        <HornButton roomId={9} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('horn-open'));
    const dialog = await screen.findByTestId('horn-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('horn-cost').textContent).toContain('100 coins'));
    expect(within(dialog).getByTestId('horn-cost').textContent).toContain('Balance: 600 coins');
    fireEvent.change(within(dialog).getByTestId('horn-input'), { target: { value: 'Hi all' } });
    fireEvent.click(within(dialog).getByTestId('horn-send'));
    const error = await within(dialog).findByTestId('horn-error');
    expect(error.textContent).toContain('Not enough gold coins, please recharge');
    expect(within(error).getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/member?type=1&isRecharge=true');
  });
});

describe('ManageRoomButton', () => {
  it('is hidden from viewers', async () => {
    login();
    const fetch = mockFetch(() => ok({ role: 'viewer', muted_until: null, kicked_until: null }));
    const { container } = render(
      <Providers>
        <ManageRoomButton roomId={9} />
      </Providers>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container.innerHTML).toBe('');
  });

  it('lets the anchor edit keywords, lift a mute and read the log in words', async () => {
    login();
    let saved = ['spoiler'];
    const lifted: unknown[] = [];
    mockFetch((url, init) => {
      if (url.includes('getMyRole')) return ok({ role: 'anchor', muted_until: null, kicked_until: null });
      if (url.includes('getSanctions')) return ok(lifted.length ? [] : [{ user: { id: 2, user_nickname: 'Bob', avatar: '' }, kind: 'mute', until: '2026-11-22T10:05:00.000Z', actor_id: 7 }]);
      if (url.includes('muteMember')) {
        lifted.push(JSON.parse(String(init.body)));
        return ok({ until: null });
      }
      if (url.includes('getModLog'))
        return ok({
          total: 1,
          list: [
            {
              id: 1,
              action: 'mute',
              actor: { id: 7, user_nickname: 'Me', avatar: '' },
              target: { id: 2, user_nickname: 'Bob', avatar: '' },
              detail: { minutes: 10 },
              created_at: '2026-11-22T10:00:00.000Z',
            },
          ],
        });
      if (url.includes('getRoomAdmin')) return ok([]);
      if (url.includes('getKeywords')) return ok(saved);
      if (url.includes('setKeywords')) {
        const words = JSON.parse(String(init.body)).words as string[];
        if (words.includes('boom')) return envelope({ code: 1, msg: 'Server says no', data: null });
        saved = words;
        return ok(words);
      }
      throw new Error(url);
    });
    render(
      <Providers>
        <ManageRoomButton roomId={7} />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Room management' }));
    const dialog = await screen.findByTestId('manage-room-dialog');

    // Muted & kicked: Bob, until a date, lifted with minutes 0.
    const row = await within(dialog).findByTestId('manage-sanction');
    expect(row.textContent).toContain('Bob');
    expect(row.textContent).toContain('Muted');
    fireEvent.click(within(row).getByRole('button', { name: 'Lift the mute of Bob' }));
    await waitFor(() => expect(lifted).toEqual([{ room_id: 7, user_id: 2, minutes: 0 }]));
    expect(await within(dialog).findByText('Nobody is muted or kicked in this room.')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('manage-tab-log'));
    expect(await within(dialog).findByText('Me muted Bob for 10 min')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('manage-tab-keywords'));
    const area = await within(dialog).findByTestId('manage-keywords-input');
    await waitFor(() => expect((area as HTMLInputElement).value).toBe('spoiler'));
    const save = within(dialog).getByTestId('manage-keywords-save');
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(area, { target: { value: `spoiler\n${'y'.repeat(21)}` } });
    expect(within(dialog).getByRole('alert').textContent).toContain('Each keyword must be 1 to 20 characters');
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(area, { target: { value: 'spoiler\nBoom' } });
    expect(
      within(dialog)
        .getAllByTestId('manage-keyword')
        .map((c) => c.firstChild?.textContent),
    ).toEqual(['spoiler', 'boom']);
    fireEvent.click(save);
    expect((await within(dialog).findByTestId('manage-keywords-error')).textContent).toContain('Server says no');

    fireEvent.change(area, { target: { value: 'spoiler\nScam\n' } });
    fireEvent.click(save);
    expect(await within(dialog).findByText('Keywords saved')).toBeTruthy();
    expect(saved).toEqual(['spoiler', 'scam']);
  });

  it('sets the room’s slow mode from the select and shows the server’s refusal', async () => {
    login();
    let slow = 0;
    const asked: unknown[] = [];
    mockFetch((url, init) => {
      if (url.includes('getMyRole')) return ok({ role: 'admin', muted_until: null, kicked_until: null, slow_mode: slow, slow_mode_exempt: true });
      if (url.includes('getSanctions')) return ok([]);
      if (url.includes('setSlowMode')) {
        const body = JSON.parse(String(init.body));
        asked.push(body);
        if (body.seconds === 10) return envelope({ code: 1, msg: 'Only the anchor and room admins can do this', data: null });
        slow = body.seconds;
        return ok({ seconds: slow });
      }
      throw new Error(url);
    });
    render(
      <Providers>
        <ManageRoomButton roomId={7} />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Room management' }));
    const dialog = await screen.findByTestId('manage-room-dialog');
    const select = within(dialog).getByLabelText('Slow mode') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((o) => o.textContent)).toEqual(['Off', '3 s', '5 s', '10 s']);
    expect(select.value).toBe('0');
    fireEvent.change(select, { target: { value: '5' } });
    await waitFor(() => expect(select.value).toBe('5'));
    expect(asked).toEqual([{ room_id: 7, seconds: 5 }]);
    fireEvent.change(select, { target: { value: '10' } });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Only the anchor and room admins can do this');
    await waitFor(() => expect(select.value).toBe('5'));
  });
});
