import { beforeEach, describe, expect, it } from 'vitest';
import type { ImDirectMessage, ImMessage } from '@livesports/contracts/chat';
import type { FeedItem } from '../api/im-client';
import { customData, visibleItem } from '../components/chat-rows';
import { FILTERS_KEY, loadFilters, useChatFilters } from './chat-filters';
import { conversations } from './conversations';

const text = (seq: number, from: string, t = 'hi'): FeedItem => ({ key: `m${seq}`, message: { groupId: 1, seq, from, nick: from, avatar: '', type: 'TIMTextElem', payload: { text: t }, time: 0 } });
const custom = (seq: number, data: string): ImMessage => ({ groupId: 1, seq, from: '1', nick: 'a', avatar: '', type: 'TIMCustomElem', payload: { data }, time: 0 });
const gift: FeedItem = {
  key: 'e1',
  event: {
    type: 100,
    room_id: 1,
    sender: { id: 5, user_nickname: 'g', avatar: '', wealth_level: 1, noble: null },
    gift: { id: 1, code: 'like', image: '', animation: 'lane', price: 1, names: { zh: '', en: '', es: '' } },
    num: 1,
    combo: 1,
    total: 1,
    at: '',
  } as never,
};
const entrance: FeedItem = { key: 'e2', event: { type: 102, room_id: 1, user: { id: 6, nick: 'n', avatar: '' }, noble: 'duke', guard_level: 0 } };
const none = { blocked: new Set<string>(), hideGifts: false, hideEntrances: false };

describe('chat list filters', () => {
  it('shows text, notices, gifts and entrances by default; hides empty and unknown custom messages', () => {
    expect(visibleItem(text(1, '5'), none)).toBe(true);
    expect(visibleItem({ key: 'm2', message: custom(2, JSON.stringify({ type: 103, action: 'mute', target: { id: 2, nick: 'x' } })) }, none)).toBe(true);
    expect(visibleItem({ key: 'm3', message: custom(3, '{"type":999}') }, none)).toBe(false);
    expect(visibleItem({ key: 'm4', message: custom(4, 'not json') }, none)).toBe(false);
    expect(visibleItem(text(5, '5', ''), none)).toBe(false);
    expect(visibleItem(gift, none)).toBe(true);
    expect(visibleItem(entrance, none)).toBe(true);
  });

  it("hides a blocked person's messages and gifts, and gift or entrance lines when asked", () => {
    const f = { blocked: new Set(['5']), hideGifts: false, hideEntrances: true };
    expect(visibleItem(text(1, '5'), f)).toBe(false);
    expect(visibleItem(text(2, '7'), f)).toBe(true);
    expect(visibleItem(gift, f)).toBe(false);
    expect(visibleItem(entrance, f)).toBe(false);
    expect(visibleItem(gift, { ...none, hideGifts: true })).toBe(false);
  });

  it('reads custom payloads safely', () => {
    expect(customData(custom(1, '{"type":100}'))).toEqual({ type: 100 });
    expect(customData(custom(1, '{"type":"x"}'))).toBeNull();
    expect(customData(custom(1, '{'))).toBeNull();
  });
});

describe('filters persistence', () => {
  beforeEach(() => localStorage.clear());
  it('saves blocks and switches, and survives corrupt storage', () => {
    useChatFilters.getState().block('9', 'troll');
    useChatFilters.getState().set({ hideEffects: true });
    expect(loadFilters()).toEqual({ blocked: [{ id: '9', nick: 'troll' }], hideGifts: false, hideEntrances: false, hideEffects: true });
    useChatFilters.getState().unblock('9');
    expect(loadFilters().blocked).toEqual([]);
    localStorage.setItem(FILTERS_KEY, '{"blocked":"nope","hideGifts":1}');
    expect(loadFilters()).toEqual({ blocked: [], hideGifts: false, hideEntrances: false, hideEffects: false });
  });
});

describe('conversations (anchor and assistant lists)', () => {
  const dm = (id: number, from: string, to: string, type: 0 | 1 | 2, nick = `u${from}`, toNick = `u${to}`): ImDirectMessage => ({
    id,
    from,
    to,
    nick,
    avatar: '',
    to_nick: toNick,
    text: `t${id}`,
    cloudCustomData: { type },
    time: 0,
  });

  it('groups by the other person, sorts by the newest, lists by the type they wrote with', () => {
    const list = conversations([dm(1, '10', '1', 0), dm(2, '1', '10', 2), dm(3, '20', '1', 1), dm(4, '30', '1', 2)], '1', '99');
    expect(list.map((c) => [c.with, c.list, c.messages.length])).toEqual([
      ['30', 'assistant', 1],
      ['20', 'assistant', 1],
      ['10', 'anchor', 2],
    ]);
  });

  it('puts a conversation I started with the room anchor in the anchor list, named before they answer', () => {
    const [c] = conversations([dm(1, '1', '99', 2, 'me', 'Marco')], '1', '99');
    expect(c).toMatchObject({ with: '99', nick: 'Marco', list: 'anchor', unread: 0 });
  });

  it('counts unread messages after the last seen id', () => {
    const [c] = conversations([dm(1, '10', '1', 0), dm(2, '10', '1', 0), dm(3, '10', '1', 0)], '1', '99', { '10': 1 });
    expect(c.unread).toBe(2);
  });
});
