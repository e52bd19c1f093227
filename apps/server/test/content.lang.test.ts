import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as api from '@livesports/contracts/content';
import { searchIndex } from '@livesports/contracts/search';
import { getHot } from '@livesports/contracts/system';
import { call, seedUser, testApp } from './helpers.ts';
import { picture, upload } from './content-helpers.ts';

// Content carries its language (issue #19 item 9): detected at writing or chosen by the writer;
// lists put the reader's language (the `lang` header) first unless `all_lang` is 1; hot search
// words are counted per reader language.

let app: FastifyInstance;
type U = { token: string; id: number };
let writer: U;
let poster: U;
let cover: string;
let football: number;

beforeAll(async () => {
  app = await testApp();
  [writer, poster] = await Promise.all([seedUser(app), seedUser(app)]);
  cover = (await upload(app, writer.token, 'cover', await picture('png', 640, 360), 'image/png')).url;
  football = (await call(app, api.classifyList, {})).data.find((c: { slug: string }) => c.slug === 'football').id;
});

const publish = async (title: string, body: string, extra: Record<string, unknown> = {}) => {
  const res = await call(app, api.publishArticle, { title, classify_id: football, content: `<p>${body}</p>`, image: cover, ...extra }, { token: writer.token });
  expect(res.code, res.msg).toBe(200);
  return res.data.id as number;
};
const post = async (content: string, extra: Record<string, unknown> = {}) => {
  const res = await call(app, api.publishPost, { content, ...extra }, { token: poster.token });
  expect(res.code, res.msg).toBe(200);
  return res.data as api.Post;
};

describe('headlines carry their language', () => {
  let zh: number;
  let es: number;
  let en: number;
  beforeAll(async () => {
    // Oldest first: Chinese, then Spanish, then English (the newest).
    zh = await publish('梅西帽子戏法逆转取胜', '梅西独中三元，帮助球队完成逆转。');
    es = await publish('El Clásico: claves tácticas', 'El partido se decidió en el centro del campo con la presión alta.');
    en = await publish('Lakers edge Celtics in OT', 'The Lakers won the game in overtime after a late three.');
  });

  it('detects zh, es and en from the text and shows it on lists and pages', async () => {
    const list = await call(app, api.getList2, { uid: writer.id, all_lang: 1 });
    expect(list.data.list.map((a: api.ArticleCard) => [a.id, a.lang])).toEqual([
      [en, 'en'],
      [es, 'es'],
      [zh, 'zh'],
    ]);
    expect((await call(app, api.articleDetail, { id: es })).data.lang).toBe('es');
  });

  it("puts the reader's language first; all_lang 1 mixes them in plain order", async () => {
    const order = async (lang: string, all_lang?: number) =>
      (await call(app, api.getList2, { uid: writer.id, ...(all_lang !== undefined ? { all_lang } : {}) }, { lang })).data.list.slice(0, 3).map((a: api.ArticleCard) => a.id);
    expect(await order('es')).toEqual([es, en, zh]);
    expect(await order('zh')).toEqual([zh, en, es]);
    expect(await order('en')).toEqual([en, es, zh]);
    // The switch is part of the cached answer's key: each reader gets their own order at once.
    expect(await order('es', 1)).toEqual([en, es, zh]);
    expect(await order('es', 0)).toEqual([es, en, zh]);
    // The hot list too: the reader's language before the most read.
    const hot = await call(app, api.getList2, { uid: writer.id, hot: 1 }, { lang: 'zh' });
    expect(hot.data.list[0].id).toBe(zh);
  });

  it("keeps the writer's chosen language over the detected one", async () => {
    const id = await publish('Spanish club notes', 'An English text the writer files as Spanish.', { lang: 'es' });
    expect((await call(app, api.articleDetail, { id })).data.lang).toBe('es');
    const auto = await publish('Auto detected title', 'Plain English text.', { lang: 'auto' });
    expect((await call(app, api.articleDetail, { id: auto })).data.lang).toBe('en');
  });

  it('refuses a language it does not know with a localized message, and publishes nothing', async () => {
    const before = (await call(app, api.getList2, { uid: writer.id, all_lang: 1 })).data.total;
    const body = { title: 'Bad language field', classify_id: football, content: '<p>Text</p>', image: cover };
    for (const [lang, bad, msg] of [
      ['en', 'fr', 'Please choose Chinese, English, Spanish or automatic detection for the language'],
      ['zh', 'EN', '语言只能选择中文、英文、西班牙文或自动识别'],
      ['es', ['es'], 'Elija chino, inglés, español o detección automática para el idioma'],
    ] as const) {
      const res = await call(app, api.publishArticle, { ...body, lang: bad }, { token: writer.token, lang });
      expect(res).toMatchObject({ status: 400, code: 1, msg });
    }
    expect((await call(app, api.getList2, { uid: writer.id, all_lang: 1 })).data.total).toBe(before);
    expect(await call(app, api.getList2, { all_lang: 2 })).toMatchObject({ status: 400, msg: 'Something in the form is not right. Please check it.' });
  });
});

describe('circle posts carry their language', () => {
  it('detects it, lets the writer choose it, and puts the reader language first', async () => {
    const zh = await post('今晚终于去现场看球了！气氛太燃了');
    const es = await post('¿Quién gana la Liga este año? Yo digo que se decide al final.');
    const en = await post('Courtside tonight. That overtime was something else.');
    const chosen = await post('gol gol gol', { lang: 'en' });
    expect([zh.lang, es.lang, en.lang, chosen.lang]).toEqual(['zh', 'es', 'en', 'en']);

    const feed = async (lang: string, all_lang = 0) => (await call(app, api.userPostList, { uid: poster.id, all_lang }, { lang })).data.list.map((p: api.Post) => p.id);
    expect(await feed('zh')).toEqual([zh.id, chosen.id, en.id, es.id]);
    expect(await feed('es')).toEqual([es.id, chosen.id, en.id, zh.id]);
    expect(await feed('zh', 1)).toEqual([chosen.id, en.id, es.id, zh.id]);
    // The whole circle (no uid) as well: a Chinese post written now leads a zh reader's feed.
    const latest = await post('中文动态排在中文读者前面');
    await post('A newer English post');
    expect((await call(app, api.userPostList, {}, { lang: 'zh' })).data.list[0].id).toBe(latest.id);
    // The following tab of a logged-in reader follows the same rule.
    expect((await call(app, api.userPostList, { tab: 2 }, { token: writer.token, lang: 'zh' })).code).toBe(200);
  });

  it('refuses an unknown language with a localized message and posts nothing', async () => {
    const before = (await call(app, api.userPostList, { uid: poster.id })).data.total;
    expect(await call(app, api.publishPost, { content: 'Hola', lang: 'pt' }, { token: poster.token, lang: 'es' })).toMatchObject({
      status: 400,
      msg: 'Elija chino, inglés, español o detección automática para el idioma',
    });
    expect((await call(app, api.userPostList, { uid: poster.id })).data.total).toBe(before);
  });
});

describe('hot searches per reader language', () => {
  it("counts a word for the searching reader's language and lists each language's own words first", async () => {
    const word = `palabra${Date.now().toString(36)}`;
    for (let i = 0; i < 25; i++) await call(app, searchIndex, { name: word }, { lang: 'es' });
    await app.readCache.invalidate(['hot-keywords']);
    const es = (await call(app, getHot, {}, { lang: 'es' })).data.keywords;
    // Counted for Spanish readers (other files of the run may have counted bigger Spanish words, so
    // only its count and its place among the Spanish words are certain).
    expect(es).toContainEqual({ name: word, hits: 25 });
    const at = es.findIndex((k: { name: string }) => k.name === word);
    expect(es.slice(0, at).every((k: { hits: number }) => k.hits >= 25)).toBe(true);
    // An English reader's list leads with English searches; the Spanish word may only fill up the rest.
    const enWord = `word${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await call(app, searchIndex, { name: enWord }, { lang: 'en' });
    await app.readCache.invalidate(['hot-keywords']);
    const en = (await call(app, getHot, {}, { lang: 'en' })).data.keywords.map((k: { name: string }) => k.name);
    // (Other tests of the run count English words too, so only the order is certain here.)
    expect(en[0]).not.toBe(word);
    if (en.includes(word) && en.includes(enWord)) expect(en.indexOf(word)).toBeGreaterThan(en.indexOf(enWord));
  });

  it('never fills an English or Spanish list with words in Chinese characters', async () => {
    const han = `梅西${Date.now().toString(36)}`;
    for (let i = 0; i < 400; i++) await call(app, searchIndex, { name: han }, { lang: 'zh' });
    await app.readCache.invalidate(['hot-keywords']);
    expect((await call(app, getHot, {}, { lang: 'zh' })).data.keywords.map((k: { name: string }) => k.name)).toContain(han);
    for (const lang of ['en', 'es'] as const) {
      const names = (await call(app, getHot, {}, { lang })).data.keywords.map((k: { name: string }) => k.name);
      expect(names.filter((n: string) => /[\u4e00-\u9fff]/.test(n))).toEqual([]);
    }
  });
});
