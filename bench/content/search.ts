// Search bench: the app-built bigram/word tsvectors behind a GIN index, against the naive
// baseline of ILIKE '%word%' over the same rows (what a site without full-text search does),
// measured in the same run on the same database. `npm run bench -- search`
// (PGlite by default; BENCH_DATABASE_URL=postgres://… for PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { articles, newsCategories } from '../../apps/server/src/db/schema/content.ts';
import { users } from '../../apps/server/src/db/schema/account.ts';
import { createContentRepo } from '../../apps/server/src/modules/content/repo.ts';
import { tsqueryLiteral, tsvectorLiteral, likePattern } from '../../apps/server/src/modules/search/tokenize.ts';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 20_000);
const QUERIES = 60;

const zh = [
  '梅西上演帽子戏法',
  '巴塞罗那主场大胜',
  '英超争冠形势分析',
  '湖人加时险胜凯尔特人',
  '电竞战队夺得冠军',
  '马拉松刷新赛会纪录',
  '中国队公布世锦赛名单',
  '转会窗口即将关闭',
  '主教练赛后发布会',
  '球迷现场气氛热烈',
];
const en = ['derby', 'late', 'winner', 'overtime', 'rookie', 'finals', 'transfer', 'coach', 'league', 'record', 'injury', 'comeback', 'playoffs', 'season', 'keeper'];
const es = ['fútbol', 'clásico', 'gol', 'entrenador', 'temporada', 'fichaje', 'afición', 'victoria'];

function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

function text(r: () => number) {
  const parts: string[] = [];
  for (let i = 0; i < 12; i++) {
    const pick = r();
    parts.push(pick < 0.4 ? zh[Math.floor(r() * zh.length)] : pick < 0.8 ? en[Math.floor(r() * en.length)] : es[Math.floor(r() * es.length)]);
  }
  return parts.join(' ');
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const fmt = (n: number, d = 2) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-search-'));
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
  const db = database.db;
  try {
    console.log(`\n# Search over ${ROWS.toLocaleString('en-US')} headlines (${database.kind}): full-text (bigram tsvector + GIN) vs ILIKE baseline`);
    const [author] = await db
      .insert(users)
      .values({ nickname: `bench-${Date.now()}`, inviteCode: `B${Date.now()}` })
      .returning({ id: users.id });
    const [cat] = await db.select({ id: newsCategories.id }).from(newsCategories).limit(1);
    const r = rng(42);
    const BATCH = 500;
    for (let i = 0; i < ROWS; i += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, ROWS - i) }, (_, k) => {
        const body = text(r);
        const title = `${zh[(i + k) % zh.length]} ${en[(i + k) % en.length]}`;
        return {
          authorId: author.id,
          categoryId: cat.id,
          title,
          content: `<p>${body}</p>`,
          summary: body.slice(0, 120),
          cover: '/uploads/cover/x.jpg',
          coverThumb: '/uploads/cover/x-thumb.jpg',
          searchTsv: sql`${tsvectorLiteral([
            { text: title, weight: 'A' },
            { text: body, weight: 'B' },
          ])}::tsvector` as unknown as string,
        };
      });
      await db.insert(articles).values(rows);
    }
    await db.execute(sql`analyze articles`);
    const repo = createContentRepo(db);
    // Rare, middling and common words in each script, as people type them.
    const words = ['帽子戏法', '加时', '冠军', 'overtime', 'derb', 'fichaje', '梅西', 'comeback', '纪录', 'clasico'];

    const time = async (fn: (w: string) => Promise<number>) => {
      for (const w of words) await fn(w); // warm-up
      const ms: number[] = [];
      let hits = 0;
      for (let i = 0; i < QUERIES; i++) {
        const w = words[i % words.length];
        const t = performance.now();
        hits += await fn(w);
        ms.push(performance.now() - t);
      }
      return { avg: ms.reduce((a, b) => a + b, 0) / ms.length, p95: pct(ms, 0.95), hits: hits / QUERIES };
    };

    const baseline = await time(async (w) => {
      const where = sql`${articles.status} = 1 and (${articles.title} ilike ${likePattern(w)} or ${articles.content} ilike ${likePattern(w)})`;
      const [list, [{ n }]] = await Promise.all([
        db
          .select({ id: articles.id })
          .from(articles)
          .where(where)
          .orderBy(sql`${articles.createdAt} desc`)
          .limit(10),
        db.select({ n: count() }).from(articles).where(where),
      ]);
      return list.length ? n : 0;
    });
    const fts = await time(async (w) => {
      const q = tsqueryLiteral(w)!;
      const res = await repo.searchArticles(q, 10, 0);
      return res.total;
    });
    console.log('| method | avg ms / search | p95 ms | matches / search | speed vs baseline |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(`| ILIKE '%word%' (baseline; no accent folding, no ranking) | ${fmt(baseline.avg)} | ${fmt(baseline.p95)} | ${fmt(baseline.hits, 0)} | 1.00 |`);
    console.log(`| tsvector @@ tsquery, ranked (this site) | ${fmt(fts.avg)} | ${fmt(fts.p95)} | ${fmt(fts.hits, 0)} | ${fmt(baseline.avg / fts.avg)} |`);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
