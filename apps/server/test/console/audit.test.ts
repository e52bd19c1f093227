import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as consoleCalls from '@livesports/contracts/console';
import { call, testApp } from '../helpers.ts';
import { staff } from './console.helpers.ts';

describe('console: who am I, and the audit log', () => {
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof staff>>;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });

  it('api/admin/me: the role and the menu counts; money counts only for administrators', async () => {
    const admin = await call(app, consoleCalls.consoleMe, {}, { token: s.admin.token });
    expect(admin.code).toBe(200);
    expect(admin.data.role).toBe('admin');
    expect(admin.data.user.id).toBe(s.admin.id);
    expect(Object.keys(admin.data.counts).sort()).toEqual(['anchor_applications', 'reports', 'withdrawals']);
    const mod = await call(app, consoleCalls.consoleMe, {}, { token: s.moderator.token });
    expect(mod.data.role).toBe('moderator');
    expect(mod.data.counts.withdrawals).toBe(0);
    const viewer = await call(app, consoleCalls.consoleMe, {}, { token: s.viewer.token, lang: 'en' });
    expect({ status: viewer.status, code: viewer.code }).toEqual({ status: 403, code: 1 });
    const nobody = await call(app, consoleCalls.consoleMe, {});
    expect(nobody.code).toBe(700);
  });

  it('records an action through app.console.audit and lists it with filters (administrators only)', async () => {
    const target = String(Date.now());
    await app.console.audit({ actorId: s.admin.id, action: 'test.poke', targetType: 'user', targetId: target, before: { a: 1 }, after: { a: 2 }, reason: 'because' });
    await app.console.audit({ actorId: s.moderator.id, action: 'test.other', targetType: 'user', targetId: target });
    const all = await call(app, consoleCalls.auditList, { target_type: 'user', target_id: target }, { token: s.admin.token });
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((e: { action: string }) => e.action)).toEqual(['test.other', 'test.poke']);
    const poke = all.data.list[1];
    expect(poke).toMatchObject({ actor: { id: s.admin.id }, target_type: 'user', target_id: target, before: { a: 1 }, after: { a: 2 }, reason: 'because' });
    const byActor = await call(app, consoleCalls.auditList, { actor: s.moderator.id, target_id: target }, { token: s.admin.token });
    expect(byActor.data.list.map((e: { action: string }) => e.action)).toEqual(['test.other']);
    const byPrefix = await call(app, consoleCalls.auditList, { action: 'test', target_id: target }, { token: s.admin.token });
    expect(byPrefix.data.total).toBe(2);
    const future = await call(app, consoleCalls.auditList, { from: '2999-01-01', target_id: target }, { token: s.admin.token });
    expect(future.data.total).toBe(0);
    const paged = await call(app, consoleCalls.auditList, { target_id: target, limit: 1, page: 2 }, { token: s.admin.token });
    expect(paged.data.list.map((e: { action: string }) => e.action)).toEqual(['test.poke']);
  });

  it('refuses bad filters with their message, viewers and moderators with 403, nobody with 700', async () => {
    const bad = async (input: Record<string, unknown>) => (await call(app, consoleCalls.auditList, input, { token: s.admin.token, lang: 'en' })).msg;
    expect(await bad({ from: 'yesterday' })).toBe('Invalid date');
    expect(await bad({ from: '2026-02-01', to: '2026-01-01' })).toBe('The end date comes before the start date');
    expect(await bad({ actor: 'x' })).toBe('Invalid staff member');
    expect(await bad({ action: 'DROP TABLE' })).toBe('Invalid action');
    expect(await bad({ limit: 500 })).toBe('Invalid page');
    for (const who of [s.viewer, s.moderator]) expect((await call(app, consoleCalls.auditList, {}, { token: who.token })).status).toBe(403);
    expect((await call(app, consoleCalls.auditList, {})).code).toBe(700);
  });
});
