import { describe, expect, it } from 'vitest';
import { formatDateTime, relativeTime } from './time-ago';

// time-ago.ts writes relative times out itself (Intl.RelativeTimeFormat costs a phone 30–60 ms to
// make); it must say exactly what Intl says, in every language, unit and count the site shows.
describe('relative time without Intl.RelativeTimeFormat', () => {
  const units = ['year', 'month', 'week', 'day', 'hour', 'minute'] as const;
  const values = [-100, -21, -12, -11, -5, -2, -1, 0, 1, 2, 3, 11, 21];
  for (const [lang, tag] of [
    ['en', 'en'],
    ['es', 'es'],
    ['zh', 'zh'],
  ] as const) {
    it(`says what Intl says in ${lang}`, () => {
      const intl = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
      // timeAgo says 0 only of minutes (a larger unit is used from 1 of it up).
      for (const unit of units)
        for (const v of values.filter((x) => x !== 0 || unit === 'minute')) expect(`${unit} ${v}: ${relativeTime(lang, v, unit)}`).toBe(`${unit} ${v}: ${intl.format(v, unit)}`);
    });
  }
});

describe('date and time without Intl.DateTimeFormat', () => {
  it('says what Intl says (medium date, short time) in every language, at every hour of a day and in every month', () => {
    for (const lang of ['en', 'es', 'zh'] as const) {
      const intl = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
      for (let m = 0; m < 12; m++)
        for (const [day, h, min] of [
          [1, 0, 5],
          [9, 9, 0],
          [23, 12, 45],
          [31, 23, 59],
        ]) {
          const d = new Date(2026, m, day, h, min);
          expect(formatDateTime(lang, d)).toBe(intl.format(d));
        }
    }
  });
});
