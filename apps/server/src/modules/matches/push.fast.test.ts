import { describe, expect, it } from 'vitest';
import type { MatchRow } from '@livesports/contracts/matches';
import { createMemoryBus } from '../../platform/bus.ts';
import { createPush, PUSH_CHANNEL, type PushMessage } from './push.ts';

// The writing process applies its own change once, as it sends it (`afterSend`), not again when the
// in-process bus hands its own message back to its cache listener; the score socket still hears it.
describe('push', () => {
  it("applies the writer's own message once, and another process's message through the listener", async () => {
    const bus = createMemoryBus();
    const applied: string[] = [];
    const push = createPush(bus, () => applied.push('afterSend'));
    await push.subscribe(() => applied.push('cache listener'), { othersOnly: true });
    await push.subscribe(() => applied.push('score socket'));
    const msg: PushMessage = { t: 'rows', sport: 'football', rows: [{ id: 1, rev: 2 } as unknown as MatchRow] };
    await push.publish(msg);
    expect(applied).toEqual(['score socket', 'afterSend']);
    applied.length = 0;
    // The same message from another process (as the IPC bus or Redis delivers it).
    await bus.publish(PUSH_CHANNEL, JSON.stringify(msg));
    expect(applied).toEqual(['cache listener', 'score socket']);
  });
});
