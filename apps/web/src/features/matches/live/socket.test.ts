import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { type MatchRow, SocketCode, matchRowSchema } from '@livesports/contracts/matches';
import { useLive } from './store';
import { FakeSocket } from '@/shared/realtime/fake-socket';

// The score socket against a scripted server: register and subscribe on open, a snapshot applied,
// a frame off the contract skipped, and after a drop a new socket that registers again and gets
// a fresh snapshot.

/** A row that satisfies the contract: every field at a neutral value. */
function validRow(id: number, home_score: number): MatchRow {
  const neutral = (s: z.ZodType): unknown => {
    const def = (s as unknown as { def: { type: string; entries?: Record<string, string> } }).def;
    if (def.type === 'number') return 0;
    if (def.type === 'string') return '';
    if (def.type === 'boolean') return false;
    if (def.type === 'array') return [];
    if (def.type === 'nullable') return null;
    if (def.type === 'enum') return Object.values(def.entries!)[0];
    throw new Error(`no neutral value for ${def.type}`);
  };
  const row = Object.fromEntries(Object.entries(matchRowSchema.shape).map(([k, s]) => [k, neutral(s as z.ZodType)]));
  return { ...row, id, sourceid: id, rev: 1, home_score } as MatchRow;
}

const snapshot = (rows: MatchRow[]) => ({ code: SocketCode.DATA, msg: '', data: { type: 'football_match', snapshot: true, list: rows } });

describe('score socket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.useFakeTimers();
    useLive.setState({ rows: {}, exponents: {}, alerts: [], connected: false });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('registers, applies the snapshot, skips a bad frame, and after a drop registers again for a new snapshot', async () => {
    const { ensureScoreSocket, onAlert } = await import('./socket');
    const alerts: unknown[] = [];
    const stopListening = onAlert((a) => alerts.push(a));
    ensureScoreSocket();
    await vi.advanceTimersByTimeAsync(0);
    const ws = FakeSocket.all[0];
    expect(ws.url).toMatch(/^ws:\/\/.+\/ws\/score$/);
    ws.open();
    expect(ws.sent.map((f) => f.type)).toEqual(['register', 'classify']);
    expect(useLive.getState().connected).toBe(true);

    ws.receive({ code: SocketCode.REGISTERED, msg: 'register success', data: { client_id: 'x' } });
    ws.receive(snapshot([validRow(7, 1)]));
    expect(useLive.getState().rows[7].home_score).toBe(1);
    // Off the contract (a row without its fields): skipped, what we have stays.
    ws.receive({ code: SocketCode.DATA, msg: '', data: { type: 'football_match', snapshot: true, list: [{ id: 7, rev: 9 }] } });
    expect(useLive.getState().rows[7].home_score).toBe(1);
    // An alert reaches its listeners.
    const goal = {
      type: 'goal',
      match_id: 7,
      sport: 'football',
      iszhu: 1,
      match_str: "12'",
      player: 'P',
      home_team_name_zh: 'a',
      away_team_name_zh: 'b',
      home_team_name_en: 'a',
      away_team_name_en: 'b',
      home_team_name_es: 'a',
      away_team_name_es: 'b',
      home_score: 2,
      away_score: 0,
      event_id: 3,
    };
    ws.receive({ code: SocketCode.DATA, msg: '', data: goal });
    expect(alerts).toEqual([goal]);

    // One that comes while no pop-up listens (the page is still loading them) is shown when one
    // attaches, once, while fresh; a stale one is not.
    stopListening();
    ws.receive({ code: SocketCode.DATA, msg: '', data: { ...goal, event_id: 4 } });
    const late: unknown[] = [];
    onAlert((a) => late.push(a))();
    expect(late).toEqual([{ ...goal, event_id: 4 }]);
    const again1: unknown[] = [];
    onAlert((a) => again1.push(a))();
    expect(again1).toEqual([]);
    ws.receive({ code: SocketCode.DATA, msg: '', data: { ...goal, event_id: 5 } });
    await vi.advanceTimersByTimeAsync(13_000);
    const stale: unknown[] = [];
    onAlert((a) => stale.push(a));
    expect(stale).toEqual([]);

    ws.drop();
    expect(useLive.getState().connected).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    const again = FakeSocket.all[1];
    expect(again).toBeDefined();
    again.open();
    expect(again.sent.map((f) => f.type)).toEqual(['register', 'classify']);
    again.receive(snapshot([validRow(7, 3)]));
    expect(useLive.getState().rows[7].home_score).toBe(3);
  });
});

describe('score socket address', () => {
  // jsdom's page is http://localhost:3000.
  const withSettings = async (websocket: string | undefined) => {
    const { useAppStore } = await import('@/shared/stores/app');
    useAppStore.setState({ system: websocket === undefined ? null : ({ websocket } as never) });
    return (await import('./socket')).address;
  };
  const here = 'ws://localhost:3000/ws/score';

  it('takes the page host when the settings name none', async () => {
    expect((await withSettings(undefined))(0)).toBe(here);
  });

  it('takes a separate socket host from the settings, and the page host when it fails', async () => {
    const address = await withSettings('wss://push.example.com/ws/score');
    expect(address(0)).toBe('wss://push.example.com/ws/score');
    expect(address(1)).toBe(here);
  });

  it('never tries the default loopback address from another host first (a phone on the LAN)', async () => {
    const address = await withSettings('ws://127.0.0.1:8080/ws/score');
    expect(address(0)).toBe(here);
  });
});
