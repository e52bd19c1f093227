import type { FastifyInstance } from 'fastify';
import type { CallDef } from '@livesports/contracts/call';
import type { FeedMatch } from '@livesports/contracts/matches';
import * as api from '@livesports/contracts/matches';
import { loadSecret } from '../src/platform/secrets.ts';
import { freshIp, type Reply } from './helpers.ts';

/** The ingest token the test app generated into its data dir (as an operator would read it). */
export const feedToken = () => loadSecret(process.env.TEST_DATA_DIR!, 'feed');

/** POSTs to an ingest call with the feed token (or the one given). */
export async function feed<T = any>(app: FastifyInstance, def: CallDef<any, any>, body: unknown, token: string | null = feedToken(), lang?: string): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (lang) headers.lang = lang;
  const res = await app.inject({ method: 'POST', url: '/' + def.path, headers, payload: body as object, remoteAddress: freshIp() });
  const json = res.json();
  return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data, headers: res.headers };
}

let n = 0;
/** A unique tag per call, so tests of one run (and parallel runs) never see each other's data. */
export const tag = () => `t${process.pid}x${Date.now().toString(36)}x${n++}`;

/** A football match of its own competition (so its table and lists are the test's alone). */
export function footballMatch(t: string, over: Partial<FeedMatch> = {}): FeedMatch {
  return {
    key: `${t}-m1`,
    sport: 'football',
    competition: { key: `${t}-league`, name: { en: `League ${t}`, zh: `联赛${t}` }, priority: 10 },
    season: '2030',
    home: { key: `${t}-home`, name: { en: `Home ${t}`, zh: `主队${t}`, es: `Local ${t}` } },
    away: { key: `${t}-away`, name: { en: `Away ${t}`, zh: `客队${t}` } },
    kickoff: new Date(Date.now() + 3_600_000).toISOString(),
    ...over,
  };
}

export async function ingestMatch(app: FastifyInstance, m: FeedMatch): Promise<number> {
  const res = await feed(app, api.feedMatches, { matches: [m] });
  if (res.code !== 200) throw new Error(`feed/matches: ${res.msg}`);
  return res.data.ids[0];
}

export const odds = (company_id: number) => [
  { company_id, kind: 'eu', initial: [2.1, 3.3, 3.4] },
  { company_id, kind: 'asia', initial: [1.92, -0.25, 1.94] },
  { company_id, kind: 'bs', initial: [1.9, 2.5, 1.95] },
];
