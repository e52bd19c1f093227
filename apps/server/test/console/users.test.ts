import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as account from '@livesports/contracts/account';
import * as barrage from '@livesports/contracts/chat-barrage';
import * as consoleCalls from '@livesports/contracts/console';
import * as content from '@livesports/contracts/content';
import * as live from '@livesports/contracts/live';
import * as u from '@livesports/contracts/console-users';
import { users } from '../../src/db/schema/account.ts';
import { userSanctions } from '../../src/db/schema/console.ts';
import { SESSIONS_ENDED } from '../../src/modules/account/plugin.ts';
import { call, captchaTicket, seedUser, testApp } from '../helpers.ts';
import { recharge } from '../economy.helpers.ts';
import { approvedAnchor, liveUser, srsHook } from '../live.helpers.ts';
import { staff } from './console.helpers.ts';

describe('console: users and site-wide sanctions', () => {
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof staff>>;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });

  const sanction = (token: string, input: Record<string, unknown>, lang = 'en') => call(app, u.consoleUserSanction, input, { token, lang });
  const lift = (token: string, input: Record<string, unknown>, lang = 'en') => call(app, u.consoleUserLift, input, { token, lang });

  it('search: by id, part of a nickname, and e-mail (administrators only; moderators never see addresses)', async () => {
    const target = await liveUser(app);
    const byId = await call(app, u.consoleUserSearch, { q: String(target.id) }, { token: s.moderator.token });
    expect(byId.code).toBe(200);
    expect(byId.data.list[0]).toMatchObject({ id: target.id, nickname: target.nickname, email: null, is_admin: false, sanctions: [] });
    const byNick = await call(app, u.consoleUserSearch, { q: target.nickname.slice(3) }, { token: s.moderator.token });
    expect(byNick.data.list.map((r: { id: number }) => r.id)).toContain(target.id);
    const [row] = await app.database.db.select({ email: users.email }).from(users).where(eq(users.id, target.id));
    const adminByMail = await call(app, u.consoleUserSearch, { q: row.email! }, { token: s.admin.token });
    expect(adminByMail.data.list).toHaveLength(1);
    expect(adminByMail.data.list[0]).toMatchObject({ id: target.id, email: row.email });
    const modByMail = await call(app, u.consoleUserSearch, { q: row.email! }, { token: s.moderator.token });
    expect(modByMail.data.list).toHaveLength(0);
    const everyone = await call(app, u.consoleUserSearch, { limit: 2 }, { token: s.admin.token });
    expect(everyone.data.list).toHaveLength(2);
    expect(everyone.data.total).toBeGreaterThan(2);
    // Newest first.
    const [first, second] = everyone.data.list.map((r: { id: number }) => r.id);
    expect(first).toBeGreaterThan(second);
  });

  it('refuses bad input with its message, nobody with 700, viewers with 403, moderators the money tabs', async () => {
    const target = await liveUser(app);
    expect((await call(app, u.consoleUserSearch, { q: 'x'.repeat(101) }, { token: s.admin.token, lang: 'en' })).msg).toBe('Search for an id, a nickname or an e-mail of at most 100 characters');
    expect((await call(app, u.consoleUserDetail, { id: 'abc' }, { token: s.admin.token, lang: 'en' })).msg).toBe('Invalid user');
    const missing = await call(app, u.consoleUserDetail, { id: 2_000_000_000 }, { token: s.admin.token, lang: 'en' });
    expect({ status: missing.status, msg: missing.msg }).toEqual({ status: 404, msg: 'This user does not exist' });
    expect((await sanction(s.admin.token, { id: target.id, kind: 'kick', unit: 'hours', duration: 1, reason: 'x' })).msg).toBe('Choose mute or ban');
    expect((await sanction(s.admin.token, { id: target.id, kind: 'mute', unit: 'weeks', duration: 1, reason: 'x' })).msg).toBe('Give a duration of 1 minute to 366 days, or choose permanent');
    expect((await sanction(s.admin.token, { id: target.id, kind: 'mute', unit: 'hours', reason: 'x' })).msg).toBe('Give a duration of 1 minute to 366 days, or choose permanent');
    expect((await sanction(s.admin.token, { id: target.id, kind: 'mute', unit: 'days', duration: 367, reason: 'x' })).msg).toBe('Give a duration of 1 minute to 366 days, or choose permanent');
    expect((await sanction(s.admin.token, { id: target.id, kind: 'mute', unit: 'days', duration: 1, reason: '  ' })).msg).toBe('Please give a reason');
    expect((await sanction(s.admin.token, { id: target.id, kind: 'mute', unit: 'days', duration: 1, reason: 'x'.repeat(201) }, 'zh')).msg).toBe('原因最多 200 个字符');
    expect((await lift(s.admin.token, { sanction_id: 0, reason: 'x' }, 'es')).msg).toBe('Sanción no válida');
    for (const c of [u.consoleUserSearch, u.consoleUserDetail, u.consoleUserSanction, u.consoleUserLift, u.consoleUserLedger]) {
      expect((await call(app, c, { id: target.id })).code).toBe(700);
      expect((await call(app, c, { id: target.id }, { token: s.viewer.token })).status).toBe(403);
    }
    for (const c of [u.consoleUserLedger, u.consoleUserOrders, u.consoleUserWithdrawals]) {
      expect((await call(app, c, { id: target.id }, { token: s.moderator.token })).status).toBe(403);
      expect((await call(app, c, { id: target.id }, { token: s.admin.token })).code).toBe(200);
    }
    for (const c of [u.consoleUserRooms, u.consoleUserReports, u.consoleUserSanctions]) expect((await call(app, c, { id: target.id }, { token: s.moderator.token })).code).toBe(200);
  });

  it("a user's page: profile, what the caller may do, wallets and ledger, room and broadcasts, reports against them", async () => {
    const anchor = await approvedAnchor(app, s.admin);
    const reporter = await liveUser(app);
    const post = await call(app, content.publishPost, { content: 'Who else thinks that was offside?' }, { token: anchor.token });
    expect(post.code).toBe(200);
    expect((await call(app, content.report, { type: 'post', id: post.data.id, reason: 'spam', detail: 'ads' }, { token: reporter.token })).code).toBe(200);
    const detail = await call(app, u.consoleUserDetail, { id: anchor.id }, { token: s.moderator.token });
    expect(detail.code).toBe(200);
    expect(detail.data).toMatchObject({
      id: anchor.id,
      is_anchor: true,
      email: null,
      sessions: 1,
      counts: { posts: 1, reports_against: 1, sanctions: 0 },
      can: { mute: true, ban: false, money: false },
    });
    const asAdmin = await call(app, u.consoleUserDetail, { id: anchor.id }, { token: s.admin.token });
    expect(asAdmin.data.can).toEqual({ mute: true, ban: true, money: true });
    expect(asAdmin.data.email).toMatch(/@example\.com$/);
    const ledger = await call(app, u.consoleUserLedger, { id: anchor.id }, { token: s.admin.token });
    expect(ledger.data).toMatchObject({ wallets: { consumption: 0, income: 0 }, list: [], total: 0 });
    const rooms = await call(app, u.consoleUserRooms, { id: anchor.id }, { token: s.moderator.token });
    expect(rooms.data.room).toMatchObject({ room_id: anchor.id, status: 0 });
    const reports = await call(app, u.consoleUserReports, { id: anchor.id }, { token: s.moderator.token });
    expect(reports.data.list).toHaveLength(1);
    expect(reports.data.list[0]).toMatchObject({ target_type: 'post', target_id: post.data.id, reason: 'spam', reporter: { id: reporter.id }, status: 'open' });
    // An administrator's own page: nobody may sanction them.
    const adminPage = await call(app, u.consoleUserDetail, { id: s.admin.id }, { token: s.admin.token });
    expect(adminPage.data.can).toEqual({ mute: false, ban: false, money: true });
  });

  it('money tabs: a paid recharge shows as an order and a ledger line into the consumption wallet (administrators)', async () => {
    const fan = await liveUser(app);
    const orderNo = await recharge(app, fan.token);
    const orders = await call(app, u.consoleUserOrders, { id: fan.id }, { token: s.admin.token });
    expect(orders.data.list).toHaveLength(1);
    expect(orders.data.list[0]).toMatchObject({ order_no: orderNo, status: 'paid' });
    const ledger = await call(app, u.consoleUserLedger, { id: fan.id }, { token: s.admin.token });
    const coins = orders.data.list[0].coins;
    expect(ledger.data.wallets).toEqual({ consumption: coins, income: 0 });
    expect(ledger.data.total).toBe(1);
    expect(ledger.data.list[0]).toMatchObject({ wallet: 'consumption', amount: coins, balance_after: coins, counterpart: 'external' });
    expect((await call(app, u.consoleUserWithdrawals, { id: fan.id }, { token: s.admin.token })).data).toMatchObject({ list: [], total: 0 });
  });

  it('who may: moderators mute but never ban; nobody sanctions an administrator or themselves; moderators leave staff alone', async () => {
    const target = await liveUser(app);
    const other = await staff(app);
    const msg = async (token: string, id: number, kind: string) => {
      const r = await sanction(token, { id, kind, unit: 'hours', duration: 1, reason: 'test' });
      return { status: r.status, msg: r.msg };
    };
    expect(await msg(s.moderator.token, target.id, 'ban')).toEqual({ status: 403, msg: 'Only administrators may ban or unban an account' });
    expect(await msg(s.moderator.token, s.admin.id, 'mute')).toEqual({ status: 403, msg: 'An administrator cannot be muted or banned' });
    expect(await msg(s.admin.token, other.admin.id, 'ban')).toEqual({ status: 403, msg: 'An administrator cannot be muted or banned' });
    expect(await msg(s.moderator.token, s.moderator.id, 'mute')).toEqual({ status: 403, msg: 'You cannot mute or ban yourself' });
    expect(await msg(s.moderator.token, other.moderator.id, 'mute')).toEqual({ status: 403, msg: 'Only administrators may mute or ban a moderator' });
    const missing = await msg(s.admin.token, 2_000_000_000, 'mute');
    expect(missing).toEqual({ status: 404, msg: 'This user does not exist' });
    const ok = await sanction(s.moderator.token, { id: target.id, kind: 'mute', unit: 'minutes', duration: 30, reason: 'insults in chat' });
    expect(ok.code).toBe(200);
    expect(ok.msg).toBe('Sanction applied');
    expect(ok.data).toMatchObject({ kind: 'mute', reason: 'insults in chat', active: true, lifted_at: null, created_by: { id: s.moderator.id } });
    expect(new Date(ok.data.ends_at).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(await msg(s.admin.token, other.moderator.id, 'mute')).toMatchObject({ status: 200 });
  });

  it('a mute refuses barrage, comments and posts with the reason and the end; the member page shows it; lifting restores', async () => {
    const anchor = await approvedAnchor(app, s.admin);
    const fan = await liveUser(app);
    const post = await call(app, content.publishPost, { content: 'Match thread' }, { token: anchor.token });
    expect((await call(app, barrage.barrageSend, { room_id: anchor.id, text: 'hello' }, { token: fan.token })).code).toBe(200);

    const muted = await sanction(s.moderator.token, { id: fan.id, kind: 'mute', unit: 'days', duration: 2, reason: 'spam links' });
    expect(muted.code).toBe(200);
    const until = `${muted.data.ends_at.slice(0, 16).replace('T', ' ')} UTC`;
    const refused = `You are muted across the site until ${until}. Reason: spam links`;
    const chat = await call(app, barrage.barrageSend, { room_id: anchor.id, text: 'hello again' }, { token: fan.token, lang: 'en' });
    expect({ status: chat.status, code: chat.code, msg: chat.msg }).toEqual({ status: 403, code: 1, msg: refused });
    expect((await call(app, content.commentPost, { id: post.data.id, content: 'nice' }, { token: fan.token, lang: 'en' })).msg).toBe(refused);
    expect((await call(app, content.publishPost, { content: 'my post' }, { token: fan.token, lang: 'en' })).msg).toBe(refused);
    expect((await call(app, barrage.barrageSend, { room_id: anchor.id, text: 'hola' }, { token: fan.token, lang: 'es' })).msg).toBe(
      `Está silenciado en todo el sitio hasta ${until}. Motivo: spam links`,
    );
    const me = await call(app, account.memberInfo, {}, { token: fan.token });
    expect(me.data.sanctions).toEqual([{ kind: 'mute', reason: 'spam links', ends_at: muted.data.ends_at }]);
    const listed = await call(app, u.consoleUserSearch, { q: String(fan.id) }, { token: s.moderator.token });
    expect(listed.data.list[0].sanctions).toEqual([{ kind: 'mute', reason: 'spam links', ends_at: muted.data.ends_at }]);

    // A second mute replaces the first (permanent now).
    const forever = await sanction(s.admin.token, { id: fan.id, kind: 'mute', unit: 'permanent', reason: 'again' });
    expect(forever.data.ends_at).toBeNull();
    expect((await call(app, barrage.barrageSend, { room_id: anchor.id, text: 'x' }, { token: fan.token, lang: 'zh' })).msg).toBe('你已被全站永久禁言。原因：again');
    const history = await call(app, u.consoleUserSanctions, { id: fan.id }, { token: s.moderator.token });
    expect(history.data.list.map((x: { id: number; active: boolean }) => [x.id, x.active])).toEqual([
      [forever.data.id, true],
      [muted.data.id, false],
    ]);
    expect(history.data.list[1].lifted_by).toMatchObject({ id: s.admin.id });

    // Lifting: the reason is required; then everything works again, and a second lift is refused.
    expect((await lift(s.moderator.token, { sanction_id: forever.data.id, reason: '' })).msg).toBe('Please give a reason');
    const lifted = await lift(s.moderator.token, { sanction_id: forever.data.id, reason: 'appeal accepted' });
    expect(lifted.code).toBe(200);
    expect(lifted.msg).toBe('Sanction lifted');
    expect(lifted.data).toMatchObject({ active: false, lifted_by: { id: s.moderator.id } });
    // The fan's one accepted message above was moments ago: wait out chat's minimum gap (CHAT_MIN_GAP_MS).
    await new Promise((r) => setTimeout(r, 1100));
    expect((await call(app, barrage.barrageSend, { room_id: anchor.id, text: 'back' }, { token: fan.token })).code).toBe(200);
    expect((await call(app, content.commentPost, { id: post.data.id, content: 'sorry' }, { token: fan.token })).code).toBe(200);
    expect((await call(app, content.publishPost, { content: 'my post' }, { token: fan.token })).code).toBe(200);
    expect((await call(app, account.memberInfo, {}, { token: fan.token })).data.sanctions).toEqual([]);
    const again = await lift(s.moderator.token, { sanction_id: forever.data.id, reason: 'twice' });
    expect({ status: again.status, msg: again.msg }).toEqual({ status: 409, msg: 'This sanction has already ended' });

    // Every action is in the audit log, with before, after and the reason.
    const audit = await call(app, consoleCalls.auditList, { target_type: 'user', target_id: String(fan.id) }, { token: s.admin.token });
    expect(audit.data.list.map((e: { action: string }) => e.action)).toEqual(['user.unmute', 'user.mute', 'user.mute']);
    expect(audit.data.list[0]).toMatchObject({ actor: { id: s.moderator.id }, reason: 'appeal accepted', before: { sanction: forever.data.id, kind: 'mute', ends_at: null } });
    expect(audit.data.list[1]).toMatchObject({ actor: { id: s.admin.id }, reason: 'again', before: [{ sanction: muted.data.id }], after: { sanction: forever.data.id, ends_at: null } });
  });

  it("a ban ends the user's sessions at once (sockets told on the bus), stops their broadcast and refuses login with the reason; lifting lets them in", async () => {
    const anchor = await approvedAnchor(app, s.admin);
    const password = 'secret123';
    const member = await seedUser(app, { password });
    // The anchor signs in with a password too, and is live.
    await app.database.db
      .update(users)
      .set({ passwordHash: (await app.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, member.id)))[0].h })
      .where(eq(users.id, anchor.id));
    expect((await srsHook(app, 'on_publish', anchor.key)).body.code).toBe(0);
    expect((await call(app, live.getMyRoom, {}, { token: anchor.token })).data.status).toBe(2);

    const ended: string[] = [];
    const off = await app.bus.subscribe(SESSIONS_ENDED, (m) => void ended.push(m));
    const banned = await sanction(s.admin.token, { id: anchor.id, kind: 'ban', unit: 'hours', duration: 3, reason: 'match fixing' });
    await off();
    expect(banned.code).toBe(200);
    expect(ended.map((m) => JSON.parse(m))).toEqual([{ userId: anchor.id }]);
    expect((await call(app, account.memberInfo, {}, { token: anchor.token })).code).toBe(700);
    const room = await call(app, u.consoleUserRooms, { id: anchor.id }, { token: s.admin.token });
    expect(room.data.room.status).toBe(0);
    // Their encoder is refused while the ban runs.
    expect((await srsHook(app, 'on_publish', anchor.key)).body.code).not.toBe(0);

    const [row] = await app.database.db.select({ email: users.email }).from(users).where(eq(users.id, anchor.id));
    const until = `${banned.data.ends_at.slice(0, 16).replace('T', ' ')} UTC`;
    const login = await call(app, account.login, { mobile: row.email, password, device_type: 'pc', ticket: await captchaTicket(app) }, { lang: 'en' });
    expect({ status: login.status, code: login.code, msg: login.msg }).toEqual({ status: 403, code: 1, msg: `This account is banned until ${until}. Reason: match fixing` });
    // A wrong password tells nothing about the ban.
    const wrong = await call(app, account.login, { mobile: row.email, password: 'nope12345', device_type: 'pc', ticket: await captchaTicket(app) }, { lang: 'en' });
    expect(wrong.msg).not.toContain('banned');

    // A moderator can neither ban nor lift a ban.
    expect((await lift(s.moderator.token, { sanction_id: banned.data.id, reason: 'x' })).status).toBe(403);
    const unbanned = await lift(s.admin.token, { sanction_id: banned.data.id, reason: 'cleared by the league' });
    expect(unbanned.code).toBe(200);
    const back = await call(app, account.login, { mobile: row.email, password, device_type: 'pc', ticket: await captchaTicket(app) });
    expect(back.code).toBe(200);
    expect((await call(app, account.memberInfo, {}, { token: back.data.token })).code).toBe(200);
    const audit = await call(app, consoleCalls.auditList, { target_type: 'user', target_id: String(anchor.id) }, { token: s.admin.token });
    expect(audit.data.list.map((e: { action: string }) => e.action)).toEqual(['user.unban', 'user.ban']);
  });

  it('30 parallel mutes of one person leave exactly one running mute (each new one replaces the last, one at a time)', async () => {
    const target = await liveUser(app);
    const answers = await Promise.all(Array.from({ length: 30 }, () => sanction(s.admin.token, { id: target.id, kind: 'mute', unit: 'hours', duration: 1, reason: 'flood' })));
    expect(answers.every((r) => r.code === 200)).toBe(true);
    const rows = await app.database.db.select().from(userSanctions).where(eq(userSanctions.userId, target.id));
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => r.liftedAt === null)).toHaveLength(1);
  });

  it('a permanent ban says so', async () => {
    const member = await seedUser(app);
    await sanction(s.admin.token, { id: member.id, kind: 'ban', unit: 'permanent', reason: 'bot' });
    const login = await call(app, account.login, { mobile: member.email, password: member.password, device_type: 'pc', ticket: await captchaTicket(app) }, { lang: 'zh' });
    expect(login.msg).toBe('该账号已被永久封禁。原因：bot');
  });
});
