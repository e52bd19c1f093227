import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './intl-formats';

describe('intl formatters', () => {
  it('are made once per language and options, and format as Intl does', () => {
    const opts = { dateStyle: 'medium', timeStyle: 'short' } as const;
    const a = dateTimeFormat('es', opts);
    expect(dateTimeFormat('es', { ...opts })).toBe(a);
    expect(dateTimeFormat('en', opts)).not.toBe(a);
    expect(dateTimeFormat('es', { dateStyle: 'short' })).not.toBe(a);
    const when = new Date('2026-11-27T18:30:00Z');
    expect(a.format(when)).toBe(new Intl.DateTimeFormat('es', opts).format(when));
  });
});
