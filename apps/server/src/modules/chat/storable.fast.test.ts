import { describe, expect, it } from 'vitest';
import { unstorable, unstorableText } from './storable.ts';

// What the database cannot hold (a NUL, half a surrogate pair) is found before a line is numbered;
// everything else a person can type — emoji, other scripts, control characters but NUL — passes.

describe('storable text', () => {
  it('finds a NUL and half a surrogate pair, high or low, anywhere', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud83d', 'x\ud83d y', '\ude00', 'end \udfff', '\ude00\ud83d']) expect(unstorableText(bad), JSON.stringify(bad)).toBe(true);
  });

  it('lets whole pairs and every other character through', () => {
    for (const ok of ['goal ⚽😀', '中文 español', '\u202Eevil', '\u200B', '\u0001\u001f\t', '👨‍👩‍👧', '']) expect(unstorableText(ok), JSON.stringify(ok)).toBe(false);
  });

  it('looks through every string of a message, keys too', () => {
    expect(unstorable(['42', 'Fan', '', 'TIMTextElem', { text: 'hi' }, null])).toBe(false);
    expect(unstorable(['42', 'Fan', '', 'TIMTextElem', { text: 'hi' }, { role: 'anchor\u0000' }])).toBe(true);
    expect(unstorable({ payload: { ['k\ud800']: 1 } })).toBe(true);
    expect(unstorable({ a: [{ b: ['\udc00'] }] })).toBe(true);
  });
});
