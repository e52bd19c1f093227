import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { ModLogEntry } from '@livesports/contracts/chat-moderation';
import en from '../../../locales/en/chat-manage.json';
import es from '../../../locales/es/chat-manage.json';
import zh from '../../../locales/zh/chat-manage.json';
import { describeLog, formatWhen, hornCost, hornFresh, hornRoomLink, nobleColor, parseKeywords, splitDuration } from './manage';

const ann = { id: 1, user_nickname: 'Ann', avatar: '' };
const bob = { id: 2, user_nickname: 'Bob', avatar: '' };
const entry = (action: ModLogEntry['action'], detail: Record<string, unknown> = {}, target: ModLogEntry['target'] = bob, actor = ann): ModLogEntry => ({
  id: 1,
  action,
  actor,
  target,
  detail,
  created_at: '2026-11-22T10:00:00.000Z',
});

async function tFor(lang: 'en' | 'es' | 'zh') {
  const inst = i18next.createInstance();
  await inst.init({ lng: lang, resources: { en: { m: en }, es: { m: es }, zh: { m: zh } }, ns: ['m'], defaultNS: 'm', interpolation: { escapeValue: false } });
  return inst.t.bind(inst) as unknown as (key: string, values?: Record<string, unknown>) => string;
}

describe('parseKeywords', () => {
  it('takes one word per line, trimmed, lower-cased, once, blank lines ignored', () => {
    expect(parseKeywords('  Spoiler \n\nscam\nSPOILER\n  \nfree coins').words).toEqual(['spoiler', 'scam', 'free coins']);
    expect(parseKeywords('').words).toEqual([]);
    expect(parseKeywords('a,b，c').words).toEqual(['a', 'b', 'c']);
  });

  it('refuses words over 20 characters and lists over 100 words', () => {
    const long = 'x'.repeat(21);
    const r = parseKeywords(`ok\n${long}`);
    expect(r.tooLong).toEqual([long]);
    expect(r.error).toBe('chat.keyword_invalid');
    // 20 characters (counted as characters, not UTF-16 units) is still fine.
    expect(parseKeywords('进'.repeat(20)).error).toBeNull();
    expect(parseKeywords('😀'.repeat(20)).error).toBeNull();
    const many = Array.from({ length: 101 }, (_, i) => `w${i}`).join('\n');
    expect(parseKeywords(many)).toMatchObject({ tooMany: true, error: 'chat.keywords_too_many' });
    expect(parseKeywords(Array.from({ length: 100 }, (_, i) => `w${i}`).join('\n')).error).toBeNull();
  });
});

describe('log lines in words', () => {
  it('describes each action in English', async () => {
    const t = await tFor('en');
    expect(describeLog(t, entry('mute', { minutes: 10 }))).toBe('Ann muted Bob for 10 min');
    expect(describeLog(t, entry('mute', { minutes: 60 }))).toBe('Ann muted Bob for 1 hour');
    expect(describeLog(t, entry('kick', { minutes: 10_080 }))).toBe('Ann kicked Bob out for 7 days');
    expect(describeLog(t, entry('kick', { minutes: 1440 }))).toBe('Ann kicked Bob out for 1 day');
    expect(describeLog(t, entry('unmute'))).toBe('Ann lifted the mute of Bob');
    expect(describeLog(t, entry('unkick'))).toBe('Ann let Bob back in');
    expect(describeLog(t, entry('admin_set'))).toBe('Ann made Bob a room admin');
    expect(describeLog(t, entry('admin_remove'))).toBe('Ann removed Bob as room admin');
    expect(describeLog(t, entry('keywords', { count: 3 }, null))).toBe('Ann updated the keyword filter (3 words)');
    expect(describeLog(t, entry('keywords', { count: 1 }, null))).toBe('Ann updated the keyword filter (1 word)');
    expect(describeLog(t, entry('blocked_message', { word: 'spoiler', text: 'big spoiler' }, bob, bob))).toBe('Message from Bob blocked: word “spoiler”');
  });

  it('names a deleted account by its id', async () => {
    const t = await tFor('en');
    expect(describeLog(t, entry('mute', { minutes: 10 }, { id: 77, user_nickname: '', avatar: '' }))).toBe('Ann muted #77 for 10 min');
  });

  it('reads in Chinese and Spanish too', async () => {
    expect(describeLog(await tFor('zh'), entry('mute', { minutes: 10 }))).toBe('Ann 禁言了 Bob 10 分钟');
    expect(describeLog(await tFor('es'), entry('kick', { minutes: 120 }))).toBe('Ann expulsó a Bob durante 2 horas');
    expect(describeLog(await tFor('es'), entry('blocked_message', { word: 'spoiler' }, bob, bob))).toBe('Mensaje de Bob bloqueado: palabra «spoiler»');
  });

  it('every language has every key the English file has', () => {
    const flat = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? flat(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`.replace(/_(one|other)$/, '')]));
    const want = new Set(flat(en));
    expect(new Set(flat(es))).toEqual(want);
    expect(new Set(flat(zh))).toEqual(want);
  });
});

describe('durations, dates, horns', () => {
  it('splits durations into the largest whole unit', () => {
    expect(splitDuration(10)).toEqual({ unit: 'min', count: 10 });
    expect(splitDuration(90)).toEqual({ unit: 'min', count: 90 });
    expect(splitDuration(120)).toEqual({ unit: 'hour', count: 2 });
    expect(splitDuration(43_200)).toEqual({ unit: 'day', count: 30 });
  });

  it("writes dates in the reader's language", () => {
    const iso = '2026-11-22T10:05:00.000Z';
    expect(formatWhen(iso, 'en', 'UTC')).toMatch(/Nov 22, 2026.*10:05/);
    expect(formatWhen(iso, 'zh', 'UTC')).toMatch(/2026年11月22日/);
    expect(formatWhen(iso, 'es', 'UTC')).toMatch(/22 nov 2026/);
  });

  it('an emperor with free horns left pays nothing; everyone else 100 coins', () => {
    expect(hornCost({ tier: 'emperor', free_horns_left: 3 })).toEqual({ free: true, left: 3 });
    expect(hornCost({ tier: 'emperor', free_horns_left: 0 })).toEqual({ free: false, price: 1000 });
    expect(hornCost(null)).toEqual({ free: false, price: 1000 });
  });

  it('links a horn to its room unless that room is the one being watched', () => {
    expect(hornRoomLink({ room_id: 5 }, 9)).toBe('/live?id=5');
    expect(hornRoomLink({ room_id: 5 }, 5)).toBeNull();
    expect(hornRoomLink({ room_id: null }, 5)).toBeNull();
  });

  it('colours noble senders and keeps a horn fresh for 12 s', () => {
    expect(nobleColor('emperor')).toBe('#ff5d5d');
    expect(nobleColor(null)).toBeUndefined();
    expect(hornFresh({ time: 1000 }, 1_011_000)).toBe(true);
    expect(hornFresh({ time: 1000 }, 1_013_000)).toBe(false);
  });
});
