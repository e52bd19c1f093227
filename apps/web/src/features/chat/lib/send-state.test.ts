import { describe, expect, it } from 'vitest';
import { CHAT_TEXT_MAX, type ImMessage } from '@livesports/contracts/chat';
import type { FeedItem } from '../api/im-client';
import { chatLength, sendBlock, slowLeft, slowModeOf } from './send-state';

// Why the chat's Send button is disabled (the reason the input shows), the slow-mode countdown and
// the room's slow mode as read from its notices.

const base = { text: 'hello', islogin: true, mutedUntil: null, slowLeft: 0 };

describe('sendBlock', () => {
  it('lets a message go when nothing stands in the way', () => {
    expect(sendBlock(base)).toBeNull();
    expect(sendBlock({ ...base, text: 'x'.repeat(CHAT_TEXT_MAX) })).toBeNull();
  });

  it('names each reason, the first one a person must fix first', () => {
    expect(sendBlock({ ...base, islogin: false, mutedUntil: '2030-01-01T00:00:00Z' })).toEqual({ reason: 'login' });
    expect(sendBlock({ ...base, mutedUntil: '2030-01-01T00:00:00Z', slowLeft: 3 })).toEqual({ reason: 'muted', until: '2030-01-01T00:00:00Z' });
    expect(sendBlock({ ...base, slowLeft: 4, text: '' })).toEqual({ reason: 'slow', seconds: 4 });
    expect(sendBlock({ ...base, text: '   ' })).toEqual({ reason: 'empty' });
    expect(sendBlock({ ...base, text: 'x'.repeat(CHAT_TEXT_MAX + 3) })).toEqual({ reason: 'too_long', max: CHAT_TEXT_MAX, over: 3 });
  });

  it('counts characters as the server does: an emoji is one, spaces around are not counted', () => {
    expect(chatLength('  ⚽😀 hi  ')).toBe(5);
    expect(sendBlock({ ...base, text: '😀'.repeat(CHAT_TEXT_MAX) })).toBeNull();
    expect(sendBlock({ ...base, text: `  ${'a'.repeat(CHAT_TEXT_MAX)}  ` })).toBeNull();
  });
});

describe('slowLeft', () => {
  it('counts down whole seconds from my last accepted message', () => {
    expect(slowLeft(5, 10_000, 10_000)).toBe(5);
    expect(slowLeft(5, 10_000, 11_200)).toBe(4);
    expect(slowLeft(5, 10_000, 14_999)).toBe(1);
    expect(slowLeft(5, 10_000, 15_000)).toBe(0);
    expect(slowLeft(0, 10_000, 10_000)).toBe(0);
    expect(slowLeft(5, null, 10_000)).toBe(0);
  });
});

describe('slowModeOf', () => {
  let seq = 0;
  const text = (t: string): FeedItem => {
    const m: ImMessage = { groupId: 1, seq: ++seq, from: '2', nick: 'Fan', avatar: '', type: 'TIMTextElem', payload: { text: t }, time: 0 };
    return { key: `m${m.seq}`, message: m };
  };
  const notice = (action: string, seconds?: number): FeedItem => {
    const data = JSON.stringify({ type: 103, action, target: { id: 1, nick: 'Anchor' }, ...(seconds === undefined ? {} : { seconds }) });
    const m: ImMessage = { groupId: 1, seq: ++seq, from: '1', nick: 'Anchor', avatar: '', type: 'TIMCustomElem', payload: { data }, time: 0 };
    return { key: `m${m.seq}`, message: m };
  };

  it('takes the newest slow-mode notice, else what the server said', () => {
    expect(slowModeOf([text('hi')], 3)).toBe(3);
    expect(slowModeOf([notice('slow_mode', 10), text('hi'), notice('slow_mode', 5), notice('mute')], 0)).toBe(5);
    expect(slowModeOf([notice('slow_mode', 5), notice('slow_mode', 0)], 5)).toBe(0);
  });

  it('ignores custom messages that are not JSON', () => {
    const bad: FeedItem = { key: 'x', message: { groupId: 1, seq: 99, from: '1', nick: '', avatar: '', type: 'TIMCustomElem', payload: { data: '{oops' }, time: 0 } };
    expect(slowModeOf([bad], 3)).toBe(3);
  });
});
