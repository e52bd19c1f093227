import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as consoleCalls from '@livesports/contracts/console';
import { call, testApp } from '../helpers.ts';
import { liveUser } from '../live.helpers.ts';
import { staff } from './console.helpers.ts';

describe('console roles: api/admin/roles/list and api/admin/roles/set', () => {
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof staff>>;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });

  it('lists the staff, finds anyone by id, nickname or e-mail', async () => {
    const list = await call(app, consoleCalls.rolesList, { limit: 200 }, { token: s.admin.token });
    expect(list.code).toBe(200);
    const roles = new Map(list.data.list.map((r: { id: number; role: string }) => [r.id, r.role]));
    expect(roles.get(s.admin.id)).toBe('admin');
    expect(roles.get(s.moderator.id)).toBe('moderator');
    expect(roles.has(s.viewer.id)).toBe(false);
    const byName = await call(app, consoleCalls.rolesList, { q: s.viewer.nickname }, { token: s.admin.token });
    expect(byName.data.list).toEqual([expect.objectContaining({ id: s.viewer.id, role: 'none' })]);
    const byId = await call(app, consoleCalls.rolesList, { q: String(s.viewer.id) }, { token: s.admin.token });
    expect(byId.data.list.map((r: { id: number }) => r.id)).toContain(s.viewer.id);
    // The user with that id first, ahead of nicknames and e-mails that only contain the number.
    expect(byId.data.list[0].id).toBe(s.viewer.id);
    expect((await call(app, consoleCalls.rolesList, { q: '%' }, { token: s.admin.token })).code).toBe(200);
  });

  it('gives and takes back roles, audited with the reason; the new role counts at once', async () => {
    const u = await liveUser(app);
    expect((await call(app, consoleCalls.consoleMe, {}, { token: u.token })).status).toBe(403);
    const made = await call(app, consoleCalls.rolesSet, { user_id: u.id, role: 'moderator', reason: 'Weekend shifts' }, { token: s.admin.token, lang: 'en' });
    expect(made).toMatchObject({ code: 200, msg: 'Done', data: { id: u.id, role: 'moderator' } });
    expect((await call(app, consoleCalls.consoleMe, {}, { token: u.token })).data.role).toBe('moderator');
    // A moderator has no money and no roles.
    expect((await call(app, consoleCalls.rolesList, {}, { token: u.token })).status).toBe(403);
    await call(app, consoleCalls.rolesSet, { user_id: u.id, role: 'admin', reason: '' }, { token: s.admin.token });
    expect((await call(app, consoleCalls.consoleMe, {}, { token: u.token })).data.role).toBe('admin');
    await call(app, consoleCalls.rolesSet, { user_id: u.id, role: 'none', reason: 'Left the team' }, { token: s.admin.token });
    expect((await call(app, consoleCalls.consoleMe, {}, { token: u.token })).status).toBe(403);

    const log = await call(app, consoleCalls.auditList, { action: 'role.set', target_type: 'user', target_id: String(u.id) }, { token: s.admin.token });
    expect(log.data.list.map((e: { before: unknown; after: unknown; reason: string }) => [e.before, e.after, e.reason])).toEqual([
      [{ role: 'admin' }, { role: 'none' }, 'Left the team'],
      [{ role: 'moderator' }, { role: 'admin' }, ''],
      [{ role: 'none' }, { role: 'moderator' }, 'Weekend shifts'],
    ]);
    // Setting the role someone already has changes and records nothing.
    await call(app, consoleCalls.rolesSet, { user_id: u.id, role: 'none' }, { token: s.admin.token });
    expect((await call(app, consoleCalls.auditList, { action: 'role.set', target_id: String(u.id) }, { token: s.admin.token })).data.total).toBe(3);
  });

  it('nobody takes away their own administrator role', async () => {
    const me = await liveUser(app, { admin: true });
    for (const role of ['none', 'moderator']) {
      const res = await call(app, consoleCalls.rolesSet, { user_id: me.id, role }, { token: me.token, lang: 'en' });
      expect({ status: res.status, msg: res.msg }).toEqual({ status: 400, msg: 'You cannot take away your own administrator role' });
    }
    expect((await call(app, consoleCalls.consoleMe, {}, { token: me.token })).data.role).toBe('admin');
  });

  it('refuses bad input with its message, moderators and viewers with 403, nobody with 700', async () => {
    const t = { token: s.admin.token, lang: 'en' };
    expect((await call(app, consoleCalls.rolesSet, { user_id: 'x', role: 'admin' }, t)).msg).toBe('Invalid user');
    expect((await call(app, consoleCalls.rolesSet, { user_id: s.viewer.id, role: 'owner' }, t)).msg).toBe('Choose a role: none, moderator or admin');
    expect((await call(app, consoleCalls.rolesSet, { user_id: s.viewer.id, role: 'admin', reason: 'x'.repeat(201) }, t)).msg).toBe('The reason cannot exceed 200 characters');
    const missing = await call(app, consoleCalls.rolesSet, { user_id: 999_999_999, role: 'admin' }, t);
    expect({ status: missing.status, msg: missing.msg }).toEqual({ status: 404, msg: 'This user does not exist' });
    expect((await call(app, consoleCalls.rolesList, { q: 'x'.repeat(61) }, t)).msg).toBe('The search is too long (60 characters at most)');
    expect((await call(app, consoleCalls.rolesSet, { user_id: 'x', role: 'admin' }, { token: s.admin.token, lang: 'zh' })).msg).toBe('用户无效');
    for (const who of [s.moderator, s.viewer]) {
      expect((await call(app, consoleCalls.rolesSet, { user_id: who.id, role: 'admin' }, { token: who.token })).status).toBe(403);
      expect((await call(app, consoleCalls.rolesList, {}, { token: who.token })).status).toBe(403);
    }
    expect((await call(app, consoleCalls.rolesSet, { user_id: s.viewer.id, role: 'admin' })).code).toBe(700);
    expect((await call(app, consoleCalls.rolesList, {})).code).toBe(700);
  });
});
