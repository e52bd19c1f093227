import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as cat from '@livesports/contracts/console-catalog';
import * as consoleCalls from '@livesports/contracts/console';
import * as gifts from '@livesports/contracts/economy-gifts';
import * as wallet from '@livesports/contracts/economy-wallet';
import * as matches from '@livesports/contracts/matches';
import * as system from '@livesports/contracts/system';
import { systemSettings } from '../../src/db/schema/system.ts';
import { call, testApp } from '../helpers.ts';
import { feed } from '../matches-helpers.ts';
import { staff } from './console.helpers.ts';

type Staff = Awaited<ReturnType<typeof staff>>;

async function lastAudit(app: FastifyInstance, s: Staff, filter: Record<string, string>) {
  return (await call(app, consoleCalls.auditList, filter, { token: s.admin.token })).data.list[0] as { action: string; reason: string; actor: { id: number }; before: unknown; after: unknown };
}

/** The run's database is shared by every test file: put the settings this file changes back. */
async function forget(app: FastifyInstance, keys: string[]) {
  await app.database.db.delete(systemSettings).where(inArray(systemSettings.key, keys));
  await app.system.changed();
}

describe('console: gifts (administrators)', () => {
  let app: FastifyInstance;
  let s: Staff;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });

  const gift = (over: Record<string, unknown> = {}) => ({
    code: `t${Date.now().toString(36)}`,
    name_zh: '测试礼物',
    name_en: 'Test gift',
    name_es: 'Regalo',
    price: 120,
    image: '/economy/gifts/trophy.svg',
    animation: 'burst',
    sort: 99,
    active: 1,
    ...over,
  });

  it('adds a gift and changes its price: the public list shows it at once; switched off, it is gone; audited', async () => {
    const created = await call(app, cat.giftSave, gift(), { token: s.admin.token });
    expect(created.code).toBe(200);
    const id = created.data.id as number;
    const publicPrice = async () => ((await call(app, gifts.giftList, {}, { lang: 'en' })).data as Array<{ id: number; price: number; name: string }>).find((g) => g.id === id);
    expect(await publicPrice()).toMatchObject({ price: 120, name: 'Test gift' });

    const changed = await call(app, cat.giftSave, { ...gift({ code: created.data.code }), id, price: 250, reason: 'season pricing' }, { token: s.admin.token });
    expect(changed.data.price).toBe(250);
    expect((await publicPrice())?.price).toBe(250);
    expect(await lastAudit(app, s, { target_type: 'gift', target_id: String(id) })).toMatchObject({
      action: 'gift.update',
      reason: 'season pricing',
      actor: { id: s.admin.id },
      before: { price: 120 },
      after: { price: 250 },
    });

    await call(app, cat.giftSave, { ...gift({ code: created.data.code }), id, price: 250, active: 0 }, { token: s.admin.token });
    expect(await publicPrice()).toBeUndefined();
    const all = await call(app, cat.giftCatalogue, {}, { token: s.admin.token });
    expect(all.data.find((g: { id: number }) => g.id === id)).toMatchObject({ active: 0, price: 250 });
  });

  it('refuses bad gifts with their message; a moderator and a viewer get 403, nobody 700', async () => {
    const bad = async (input: Record<string, unknown>) => (await call(app, cat.giftSave, gift(input), { token: s.admin.token, lang: 'en' })).msg;
    expect(await bad({ price: 0 })).toBe('Invalid price');
    expect(await bad({ code: 'Bad Code' })).toBe('Code: 2–30 lowercase letters, digits, - or _, starting with a letter');
    expect(await bad({ name_en: '' })).toBe('Give the name in each language (30 characters at most)');
    expect(await bad({ image: 'javascript:alert(1)' })).toBe('Invalid picture address');
    expect(await bad({ animation: 'explode' })).toBe('Invalid effect');
    expect(await bad({ code: 'rocket' })).toBe('Another gift has that code');
    expect(await bad({ id: 2_000_000_000 })).toBe('That gift does not exist');
    for (const def of [cat.giftCatalogue, cat.giftSave, cat.priceBook, cat.priceSave, cat.siteSettings, cat.settingsSave, cat.feedStatus, cat.feedRotateToken, cat.mediaStatus]) {
      for (const who of [s.moderator, s.viewer]) {
        const res = await call(app, def, {}, { token: who.token });
        expect({ path: def.path, status: res.status, code: res.code }).toEqual({ path: def.path, status: 403, code: 1 });
      }
      expect((await call(app, def, {})).code).toBe(700);
    }
  });
});

describe('console: prices (administrators)', () => {
  let app: FastifyInstance;
  let s: Staff;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });
  afterAll(() => forget(app, ['economy.prices']));

  it('changes noble, guard and recharge prices; the public calls show them at once; audited', async () => {
    const book = await call(app, cat.priceBook, {}, { token: s.admin.token });
    expect(book.code).toBe(200);
    expect(book.data.nobles.map((n: { tier: string }) => n.tier)).toEqual(['knight', 'viscount', 'marquis', 'duke', 'emperor']);
    const recharge = book.data.recharge.map((p: { id: number }, i: number) => (i === 0 ? { ...p, coins: 700, bonus: 100 } : i === 1 ? { ...p, active: 0 } : p));
    const saved = await call(app, cat.priceSave, { nobles: [{ tier: 'knight', price: 990 }], guards: [{ id: 1, price: 600 }], recharge, reason: 'new price list' }, { token: s.admin.token });
    expect(saved.code).toBe(200);
    const nobles = await call(app, gifts.nobleInfoCall, {});
    expect(nobles.data.tiers.find((t: { tier: string }) => t.tier === 'knight').price).toBe(990);
    const guards = await call(app, gifts.guardList, {});
    expect(guards.data.plans.find((p: { id: number }) => p.id === 1).price).toBe(600);
    const rules = await call(app, wallet.chargeRules, {});
    expect(rules.data.list[0]).toMatchObject({ id: 1, coins: 700, bonus: 100 });
    expect(rules.data.list.map((r: { id: number }) => r.id)).not.toContain(2);
    expect(await lastAudit(app, s, { target_type: 'prices' })).toMatchObject({ reason: 'new price list', actor: { id: s.admin.id } });
  });

  it('refuses bad price lists with their message', async () => {
    const bad = async (input: Record<string, unknown>) => (await call(app, cat.priceSave, input, { token: s.admin.token, lang: 'en' })).msg;
    expect(await bad({})).toBe('Nothing to change');
    expect(await bad({ nobles: [{ tier: 'king', price: 5 }] })).toBe('Invalid noble rank');
    expect(await bad({ nobles: [{ tier: 'knight', price: 0 }] })).toBe('Invalid price');
    const p = { id: 1, coins: 600, bonus: 0, price: { CNY: 600, USD: 99, EUR: 99 }, active: 1 };
    expect(await bad({ recharge: [p, p] })).toBe('Two packages have the same number');
    expect(await bad({ recharge: [{ ...p, active: 0 }] })).toBe('Keep at least one package on sale');
    expect(await bad({ recharge: [{ ...p, bonus: 700 }] })).toBe('Invalid coins (the bonus is part of the coins)');
  });
});

describe('console: site settings (administrators)', () => {
  let app: FastifyInstance;
  let s: Staff;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });
  afterAll(() => forget(app, ['site_icp', 'site.links', 'site.banner', 'site.announcement', 'site.hot']));

  it('saves the spec settings, links, banner, announcement and hot words; public calls show them at once; audited', async () => {
    await call(app, system.getSystem, {}); // cached now
    await call(app, system.getHot, {});
    const saved = await call(
      app,
      cat.settingsSave,
      {
        system: { site_icp: '京ICP备12345678号' },
        links: [{ name: 'FIFA', url: 'https://www.fifa.com' }],
        banner: { on: true, image: '/uploads/banner.jpg', link: '/live', text: 'Final tonight' },
        announcement: { on: true, text: 'Maintenance at 02:00', link: '' },
        hot: { pinned: ['world cup'], hidden: ['spoiler'] },
        reason: 'launch',
      },
      { token: s.admin.token },
    );
    expect(saved.code).toBe(200);
    expect(saved.data.system.site_icp).toBe('京ICP备12345678号');
    const pub = (await call(app, system.getSystem, {})).data;
    expect(pub).toMatchObject({
      site_icp: '京ICP备12345678号',
      links: [{ name: 'FIFA', url: 'https://www.fifa.com' }],
      banner: { image: '/uploads/banner.jpg', link: '/live', text: 'Final tonight' },
      announcement: { text: 'Maintenance at 02:00', link: '' },
    });
    await app.system.countKeyword('spoiler');
    await app.readCache.invalidate(['hot-keywords']);
    const hot = (await call(app, system.getHot, {})).data.keywords.map((k: { name: string }) => k.name);
    expect(hot[0]).toBe('world cup');
    expect(hot).not.toContain('spoiler');
    expect(await lastAudit(app, s, { target_type: 'setting', target_id: 'site_icp' })).toMatchObject({ action: 'setting.set', reason: 'launch', after: { site_icp: '京ICP备12345678号' } });
    expect(await lastAudit(app, s, { target_type: 'setting', target_id: 'site.links' })).toMatchObject({
      before: [{ name: 'FIFA' }, { name: 'UEFA' }, { name: 'FIBA' }, { name: 'NBA' }],
      after: [{ name: 'FIFA' }],
    });

    // Switched off: the public answer has no banner.
    await call(app, cat.settingsSave, { banner: { on: false, image: '', link: '', text: '' } }, { token: s.admin.token });
    expect((await call(app, system.getSystem, {})).data.banner).toBeNull();
  });

  it('refuses bad settings with their message', async () => {
    const bad = async (input: Record<string, unknown>) => (await call(app, cat.settingsSave, input, { token: s.admin.token, lang: 'en' })).msg;
    expect(await bad({})).toBe('Nothing to change');
    expect(await bad({ system: { site_icp: 'x'.repeat(501) } })).toBe('Invalid setting (500 characters at most)');
    expect(await bad({ system: { nope: '1' } })).toBe('Invalid setting (500 characters at most)');
    expect(await bad({ links: [{ name: 'x', url: 'javascript:alert(1)' }] })).toBe('Invalid link address (http(s)://… or /…)');
    expect(await bad({ links: [{ name: '', url: '/x' }] })).toBe('Give the link a name (30 characters at most)');
    expect(await bad({ announcement: { on: true, text: '', link: '' } })).toBe('Please write the announcement');
    expect(await bad({ banner: { on: true, image: '', link: '', text: '' } })).toBe('A banner needs a picture or a text');
    expect(await bad({ hot: { pinned: ['x'.repeat(21)], hidden: [] } })).toBe('Invalid search word (20 characters at most)');
  });
});

describe('console: feeds and media (administrators)', () => {
  let app: FastifyInstance;
  let s: Staff;
  beforeAll(async () => {
    app = await testApp();
    s = await staff(app);
  });
  afterAll(() => forget(app, ['feed.token']));

  it('shows the feed status; a rotated token works at once and the old one is refused; audited without the token', async () => {
    const status = await call(app, cat.feedStatus, {}, { token: s.admin.token });
    expect(status.code).toBe(200);
    expect(status.data.token.origin).toBe('generated');
    expect(status.data.sources.map((x: { source: string }) => x.source)).toEqual(expect.arrayContaining(['replay', 'feed']));

    expect((await call(app, cat.feedRotateToken, {}, { token: s.admin.token, lang: 'en' })).msg).toBe('Please give a reason');
    const rotated = await call(app, cat.feedRotateToken, { reason: 'provider changed' }, { token: s.admin.token });
    expect(rotated.code).toBe(200);
    const token = rotated.data.token as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    // An empty list is refused by the contract after the token check: 401 means the token failed, 400 that it passed.
    expect((await feed(app, matches.feedMatches, { matches: [] })).status).toBe(401);
    expect((await feed(app, matches.feedMatches, { matches: [] }, token)).status).toBe(400);
    const after = await call(app, cat.feedStatus, {}, { token: s.admin.token });
    expect(after.data.token).toMatchObject({ origin: 'rotated', rotated_at: rotated.data.rotated_at });
    const audit = await lastAudit(app, s, { action: 'feed.rotate_token' });
    expect(audit).toMatchObject({ reason: 'provider changed', actor: { id: s.admin.id } });
    expect(JSON.stringify(audit)).not.toContain(token);
    await forget(app, ['feed.token']);
    expect((await feed(app, matches.feedMatches, { matches: [] })).status).toBe(400);
  });

  it('shows the media status of this process', async () => {
    const res = await call(app, cat.mediaStatus, {}, { token: s.admin.token });
    expect(res.code).toBe(200);
    // inject-only tests never start the RTMP ingest.
    expect(res.data).toMatchObject({ ingest: false, streams: [], bus: 'memory' });
    expect(typeof res.data.live_rooms).toBe('number');
  });
});

describe('stored settings that cannot be read', () => {
  it('a stored value that is not JSON falls back to the defaults', async () => {
    const app = await testApp();
    await app.database.db
      .insert(systemSettings)
      .values({ key: 'site.links', value: '{nope' })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: '{nope' } });
    await app.system.changed();
    expect((await call(app, system.getSystem, {})).data.links.map((l: { name: string }) => l.name)).toEqual(['FIFA', 'UEFA', 'FIBA', 'NBA']);
    await app.database.db.delete(systemSettings).where(eq(systemSettings.key, 'site.links'));
    await app.system.changed();
  });
});
