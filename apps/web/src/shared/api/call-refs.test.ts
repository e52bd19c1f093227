import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCalls } from '@livesports/contracts/calls';
import { callRefsSource } from '@livesports/contracts/call-refs-source';
import * as refs from './call-refs';

describe('call-refs.ts', () => {
  it('is what `npm run call-refs` writes from the contracts (run it after changing a call)', () => {
    const file = fs.readFileSync(path.join(import.meta.dirname, 'call-refs.ts'), 'utf8');
    expect(file).toBe(callRefsSource());
  });

  it('names every call of the contracts by its method and path', () => {
    const calls = allCalls();
    expect(Object.keys(refs).length).toBe(new Set(calls.map((c) => c.name)).size);
    for (const { name, call } of calls) expect(refs[name as keyof typeof refs], name).toEqual({ method: call.method, path: call.path });
  });
});
