import type { CallDef } from '@livesports/contracts/call';
import type * as m from '@livesports/contracts/matches';
import type { CallRef } from '@/shared/api/light-calls';

// The matches calls by method and path only (typed by the contracts): the home strip and the
// goal alerts load with every page, and must not bring the schema library along.
// refs.test.ts fails if one of these drifts from its contract.
const ref = <C extends CallDef<any, any>>(method: C['method'], path: string): CallRef<C> => ({ method, path });

export const calls = {
  initialList: ref<typeof m.initialList>('GET', 'api/hot_match/initial_list'),
  recommend: ref<typeof m.recommend>('GET', 'api/hot_match/recommend'),
  getRobot: ref<typeof m.getRobot>('GET', 'api/hot_match/getRobot'),
  allMatch: ref<typeof m.allMatch>('POST', 'api/hot_match/all_match'),
  seasonTable: ref<typeof m.seasonTable>('GET', 'api/Football/season_table'),
  collect: ref<typeof m.collect>('POST', 'api/Basketballuser/collect'),
  reserveMatch: ref<typeof m.reserveMatch>('POST', 'api/Live/reserveMatch'),
  reserveMatch2: ref<typeof m.reserveMatch2>('POST', 'api/Live/reserveMatch2'),
  matchDetail: ref<typeof m.matchDetail>('GET', 'api/hot_match/detail'),
  matchHeadToHead: ref<typeof m.matchHeadToHead>('GET', 'api/hot_match/head_to_head'),
  teamDetail: ref<typeof m.teamDetail>('GET', 'api/hot_match/team'),
  reserveList: ref<typeof m.reserveList>('GET', 'api/hot_match/reserveList'),
  companies: ref<typeof m.companies>('GET', 'api/hot_match/companies'),
  foresightList: ref<typeof m.foresightList>('GET', 'api/foresight/list'),
  foresightDetail: ref<typeof m.foresightDetail>('GET', 'api/foresight/detail'),
  foresightPublish: ref<typeof m.foresightPublish>('POST', 'api/foresight/publish'),
  foresightPundits: ref<typeof m.foresightPundits>('GET', 'api/foresight/pundits'),
};
