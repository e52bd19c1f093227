import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as content from '@livesports/contracts/content';
import * as live from '@livesports/contracts/live';
import { liveRooms } from '../src/db/schema/live.ts';
import { imagePreloadLink } from '../src/platform/page-images.ts';

// The built web app as the server hands it out (platform/web.ts): each page's index.html names the
// files that page needs, assets go out as the build compressed them, a missing asset is a 404.

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-web-dist-'));
const script = 'export const room = 1;\n'.repeat(100);
let app: FastifyInstance;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>LiveSports</title></head><body><div id="root"><div class="boot"></div><!--page-shell: here--></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      routes: { '/live': ['assets/live-1.js', 'assets/live-1.css'], '/m/live': ['assets/stream-1.js', 'assets/live-1.js'], '/m/detail': ['assets/detail-1.js', 'assets/detail-1.css'] },
      streams: { '/m/live': ['assets/stream-1.js'] },
      texts: { '/live': { en: ['assets/live-en.js'], zh: ['assets/live-zh.js'] } },
    }),
  );
  fs.writeFileSync(path.join(dist, 'assets/live-1.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/live-1.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets/live-1.js.gz'), zlib.gzipSync(script));
  // WEB_DIST is read when the web plugin's module loads: set it before the app is imported.
  process.env.WEB_DIST = dist;
  const { otherApp } = await import('./helpers.ts');
  app = await otherApp({ SERVE_WEB: 'on' });
});
afterAll(async () => {
  await app?.close();
  delete process.env.WEB_DIST;
});

describe('the web app as served', () => {
  it("a live room's page names its scripts and styles for the browser to fetch at once", async () => {
    const res = await app.inject({ url: '/live?id=7' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/live-1.js"><link rel="preload" as="style" crossorigin href="/assets/live-1.css">');
    // Its play URLs leave with the page, before the scripts take the browser's connections.
    expect(res.body).toMatch(/^<!doctype html><html><head><link rel="preload" as="fetch" crossorigin href="\/api\/Live_streaming\/getRoomInfo\?room_id=7">/);
    // Its texts in the reader's language: English unless the browser or the app's cookie says otherwise.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/live-en.js"></head>');
    expect(res.headers.vary).toMatch(/accept-language/i);
    const zh = await app.inject({ url: '/live?id=7', headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(zh.body).toContain('live-zh.js');
    expect(zh.body).not.toContain('live-en.js');
    const cookie = await app.inject({ url: '/live?id=7', headers: { 'accept-language': 'zh-CN', cookie: 'lang=en' } });
    expect(cookie.body).toContain('live-en.js');
  });

  it('other pages get the plain index.html', async () => {
    const res = await app.inject({ url: '/search?name=%3Cscript%3E' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toContain('<script>');
  });

  it('assets go out as the build compressed them (brotli, else gzip), cached for a year', async () => {
    const br = await app.inject({ url: '/assets/live-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await app.inject({ url: '/assets/live-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('a client that takes neither gets the file itself; a HEAD gets its headers', async () => {
    const plain = await app.inject({ url: '/assets/live-1.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
    const refused = await app.inject({ url: '/assets/live-1.js', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const head = await app.inject({ method: 'HEAD', url: '/assets/live-1.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
  });

  it('names that are not build files never reach the disk outside assets/', async () => {
    fs.writeFileSync(path.join(dist, 'secret.js'), 'nope');
    const odd = ['/assets/%00.js', '/assets/live-1.js%00', '/assets/%E4%BD%A0.js', `/assets/${'a'.repeat(300)}.js`, '/assets/live-1.JS', '/assets/live-1.js;.css'];
    for (const url of ['/assets/..%2Fsecret.js', '/assets/%2e%2e%2fsecret.js', '/assets/.env', '/assets/live-1.js.br', '/assets/..%5Csecret.js', ...odd]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('nope');
    }
  });

  it("a missing asset (an old build's chunk) is a 404, not the page", async () => {
    const res = await app.inject({ url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it("a page's largest picture is asked for with its HTML: a room's poster, a headline's cover", async () => {
    const { approvedAnchor, liveUser, srsHook } = await import('./live.helpers.ts');
    const { call } = await import('./helpers.ts');
    const { publishedArticle } = await import('./content-helpers.ts');
    const anchor = await approvedAnchor(app, await liveUser(app, { admin: true }));
    // Offline without a cover: no picture to name.
    expect((await app.inject({ url: `/m/live?id=${anchor.id}` })).body).not.toContain('as="image"');
    // The home names the first room card it shows: the top live room, or with nobody live (as
    // here, unless another test left a room on air), the first of the rooms it lists instead.
    const onAir = (await call(app, live.getLiveList, { type: 0, page: 1, limit: 4 })).data;
    const firstRoom = onAir.total > 0 ? onAir.list[0] : (await call(app, live.getRoomList, { type: 0, page: 1, limit: 4 })).data.list[0];
    await app.database.db.update(liveRooms).set({ cover: '/uploads/cover/first-card.jpg' }).where(eq(liveRooms.id, firstRoom.room_id));
    await app.live.rooms.changed(firstRoom.room_id);
    for (const url of ['/', '/m']) expect((await app.inject({ url })).body, url).toContain(imagePreloadLink('/uploads/cover/first-card.jpg'));
    await app.database.db.update(liveRooms).set({ cover: '/uploads/cover/room-poster.jpg' }).where(eq(liveRooms.id, anchor.id));
    await app.live.rooms.changed(anchor.id);
    // Offline with one: the cover behind the next broadcast, named, dimmed in a phone's first
    // paint; with no player to start, the page's files wait behind it.
    const offline = (await app.inject({ url: `/m/live?id=${anchor.id}` })).body;
    expect(offline).toContain('<link rel="preload" as="image" fetchpriority="high" href="/uploads/cover/room-poster.jpg">');
    expect(offline).toContain(
      '<div id="root" class="boot-room boot-room--offline"><div class="boot"></div><img class="boot-poster" alt="" fetchpriority="high" src="/uploads/cover/room-poster.jpg"></div>',
    );
    expect(offline).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/live-1.js">');
    // Nor is the early stream's library asked for: nothing plays until the anchor is back.
    expect(offline).not.toContain('stream-1.js');
    expect((await srsHook(app, 'on_publish', anchor.key)).body.code).toBe(0);
    const poster = '<link rel="preload" as="image" fetchpriority="high" href="/uploads/cover/room-poster.jpg">';
    for (const url of [`/live?id=${anchor.id}`, `/m/live?id=${anchor.id}`, `/M/Live/?id=${anchor.id}#chat`]) expect((await app.inject({ url })).body, url).toContain(poster);
    // On a phone the still is in the first paint, where the player will be (before any script); the desktop room's player is not at the top.
    expect((await app.inject({ url: `/m/live?id=${anchor.id}` })).body).toContain(
      '<div id="root" class="boot-room"><div class="boot"></div><img class="boot-poster" alt="" fetchpriority="high" src="/uploads/cover/room-poster.jpg"></div>',
    );
    expect((await app.inject({ url: `/live?id=${anchor.id}` })).body).not.toContain('boot-poster');
    // No such room, or not an id: the page is served without a picture, never an error.
    for (const url of ['/live?id=999999999', '/live?id=abc', '/live?id=1%22%3E', '/live', '/m/live?id=-1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('as="image"');
      expect(res.body, url).not.toContain('boot-poster');
    }

    const writer = await liveUser(app);
    const { id, cover } = await publishedArticle(app, writer.token, 'Cover comes first');
    const published = { data: { id } };
    for (const url of [`/detail?id=${published.data.id}`, `/m/detail?id=${published.data.id}`]) {
      // The article's own answer first (the app takes it: early-calls.ts), then its cover.
      expect((await app.inject({ url })).body, url).toContain(
        `<head><link rel="preload" as="fetch" crossorigin href="/api/Portal_post/detail?id=${published.data.id}"><link rel="preload" as="image" fetchpriority="high" href="${cover}">`,
      );
    }
    // On a phone the headline's title and cover are in the first paint, the title as text; the
    // page's scripts then wait behind the cover (the room's do not: its stream needs them).
    const phone = (await app.inject({ url: `/m/detail?id=${id}` })).body;
    expect(phone).toContain(
      `<div id="root" class="boot-article"><div class="boot"></div><div class="boot-article__card" aria-hidden="true"><h1>Cover comes first</h1><img alt="" fetchpriority="high" src="${cover}"></div></div>`,
    );
    expect(phone).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/detail-1.js"><link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/detail-1.css">',
    );
    // On air the room's files are not held back: its stream needs them.
    expect((await app.inject({ url: `/m/live?id=${anchor.id}` })).body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/stream-1.js"><link rel="modulepreload" crossorigin href="/assets/live-1.js">',
    );
    expect((await app.inject({ url: `/detail?id=${id}` })).body).not.toContain('boot-article');
    const hostile = await publishedArticle(app, writer.token, `<img src=x> & "q" 'too'`);
    const shown = (await app.inject({ url: `/m/detail?id=${hostile.id}` })).body;
    expect(shown).toContain('<h1>&lt;img src=x&gt; &amp; &quot;q&quot; &#39;too&#39;</h1>');
    expect(shown).not.toContain('<img src=x');
    // Naming the cover in the page is not a read of the article.
    const before = (await call(app, content.articleDetail, { id: published.data.id })).data.views;
    await app.inject({ url: `/detail?id=${published.data.id}` });
    await app.content.flushViews();
    expect((await call(app, content.articleDetail, { id: published.data.id })).data.views).toBe(before + 1);
  });

  it('only addresses that cannot leave the attribute are named', () => {
    expect(imagePreloadLink('/live/7/thumb.jpg?m=29929396&x=1')).toBe('<link rel="preload" as="image" fetchpriority="high" href="/live/7/thumb.jpg?m=29929396&amp;x=1">');
    expect(imagePreloadLink('https://cdn.example.com/covers/a.jpg')).toContain('href="https://cdn.example.com/covers/a.jpg"');
    for (const bad of [
      '',
      'javascript:alert(1)',
      '/x.jpg"><script>alert(1)</script>',
      "/x.jpg' onload='x",
      'http://plain.example/a.jpg',
      '//evil.example/a.jpg',
      '/a b.jpg',
      `/${'a'.repeat(600)}.jpg`,
    ]) {
      expect(imagePreloadLink(bad), bad).toBe('');
    }
  });
});
