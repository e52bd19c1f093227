import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as api from '@livesports/contracts/search';
import { call, testApp } from './helpers.ts';
import { footballMatch, ingestMatch, tag } from './matches-helpers.ts';

// Search finds the sport (issue #52, item 6): teams, competitions and matches by any of their
// names, in zh / en / es, with or without accents and in any case, beside people and posts.

let app: FastifyInstance;
const t = tag();
let derby: number;
let later: number;
let other: number;
beforeAll(async () => {
  app = await testApp();
  const league = { key: `${t}-liga`, name: { en: `La Liga ${t}`, zh: `西甲${t}`, es: `LaLiga ${t}` }, priority: 10 };
  const real = { key: `${t}-rma`, name: { en: `Real Madrid ${t}`, zh: `皇家马德里${t}`, es: `Real Madrid ${t}` } };
  const atleti = { key: `${t}-atm`, name: { en: `Atletico Madrid ${t}`, zh: `马德里竞技${t}`, es: `Atlético de Madrid ${t}` } };
  const sevilla = { key: `${t}-sev`, name: { en: `Sevilla ${t}`, zh: `塞维利亚${t}`, es: `Sevilla ${t}` } };
  const betis = { key: `${t}-bet`, name: { en: `Real Betis ${t}`, zh: `皇家贝蒂斯${t}`, es: `Real Betis ${t}` } };
  derby = await ingestMatch(app, footballMatch(t, { key: `${t}-derby`, competition: league, home: real, away: atleti, kickoff: new Date(Date.now() + 3_600_000).toISOString() }));
  later = await ingestMatch(app, footballMatch(t, { key: `${t}-later`, competition: league, home: sevilla, away: real, kickoff: new Date(Date.now() + 8 * 86_400_000).toISOString() }));
  other = await ingestMatch(app, footballMatch(t, { key: `${t}-other`, competition: league, home: sevilla, away: betis, kickoff: new Date(Date.now() + 2 * 86_400_000).toISOString() }));
});

const search = (name: string, lang = 'en', limit = 50) => call(app, api.searchIndex, { name, limit }, { lang });
const names = (list: Array<{ name_en: string }>) => list.map((x) => x.name_en);

describe('api/Search/index finds the sport', () => {
  it('"Madrid" lists Real Madrid and its matches, nearest first, and not a match without it', async () => {
    const res = await search('Madrid');
    expect(res.code).toBe(200);
    expect(names(res.data.teams.list)).toEqual(expect.arrayContaining([`Real Madrid ${t}`, `Atletico Madrid ${t}`]));
    const ids = res.data.matches.list.map((m: { id: number }) => m.id);
    expect(ids).toEqual(expect.arrayContaining([derby, later]));
    expect(ids).not.toContain(other);
    expect(ids.indexOf(derby)).toBeLessThan(ids.indexOf(later));
    const row = res.data.matches.list.find((m: { id: number }) => m.id === derby);
    expect(row).toMatchObject({ home_team_name_en: `Real Madrid ${t}`, away_team_name_zh: `马德里竞技${t}`, competition_name_en: `La Liga ${t}` });
  });

  it('in any case, with or without accents, and by the Chinese or Spanish name', async () => {
    for (const word of [`madrid ${t}`, `REAL MADRID ${t}`, `Atlético ${t}`, `atletico de madrid ${t}`, `皇家马德里${t}`]) {
      const res = await search(word, 'es');
      expect({ word, teams: res.data.teams.total > 0 }).toEqual({ word, teams: true });
    }
    expect(names((await search(`Atletico ${t}`)).data.teams.list)).toEqual([`Atletico Madrid ${t}`]);
    expect(names((await search(`皇家马德里${t}`, 'zh')).data.teams.list)).toEqual([`Real Madrid ${t}`]);
    // The exact name comes before longer ones that contain it.
    expect(names((await search(`Real Madrid ${t}`)).data.teams.list)[0]).toBe(`Real Madrid ${t}`);
  });

  it('finds a competition by its names, and its matches when no team is named', async () => {
    const res = await search(`西甲${t}`, 'zh');
    expect(names(res.data.competitions.list)).toEqual([`La Liga ${t}`]);
    expect(res.data.teams.total).toBe(0);
    expect(res.data.matches.list.map((m: { id: number }) => m.id).sort()).toEqual([derby, later, other].sort());
    expect((await search(`laliga ${t}`)).data.competitions.total).toBe(1);
  });

  it('finds nothing of the sport for a word no name holds, and keeps its other sections', async () => {
    const res = await search(`nomatch${t}`);
    expect(res.data).toMatchObject({ teams: { list: [], total: 0 }, competitions: { list: [], total: 0 }, matches: { list: [], total: 0 } });
    expect(res.data.anchors).toBeDefined();
    expect(res.data.posts).toBeDefined();
  });

  it('refuses an empty word with its message', async () => {
    expect((await search('  ')).msg).toBe('Please enter a search term');
  });
});
