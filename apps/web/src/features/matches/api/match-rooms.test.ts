import { describe, expect, it } from 'vitest';
import * as contracts from '@livesports/contracts/live-match';
import { matchRoomCalls } from './match-rooms';

describe('match room call refs', () => {
  it('name the same method and path as their contracts', () => {
    for (const [name, ref] of Object.entries(matchRoomCalls)) {
      const def = (contracts as unknown as Record<string, { method: string; path: string }>)[name];
      expect(def, name).toBeDefined();
      expect({ method: ref.method, path: ref.path }, name).toEqual({ method: def.method, path: def.path });
    }
  });
});
