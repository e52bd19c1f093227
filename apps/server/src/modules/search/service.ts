import type { Lang } from '@livesports/contracts/messages';
import type { ArticleCard, Post } from '@livesports/contracts/content';
import type { MatchRow } from '@livesports/contracts/matches';
import type { LiveRoomCard, SportNameCard } from '@livesports/contracts/search';
import type { Person } from '@livesports/contracts/social';
import { likePattern, tsqueryLiteral } from './tokenize.ts';

type Found<T> = { list: T[]; total: number };
type Paging = { page: number; limit: number };

/** Live rooms matching a word. */
export type LiveRoomSearch = (name: string, opts: { limit: number; offset: number }) => Promise<Found<LiveRoomCard>>;

/**
 * The search port: what each domain that has something to find plugs in (`provide`). Content
 * plugs in headlines and posts, social the people (found by nickname, and their cards), live the
 * rooms; a part nobody plugged in finds nothing.
 */
export interface SearchSources {
  articles(tsquery: string, paging: Paging, lang: Lang): Promise<Found<ArticleCard> & Paging>;
  posts(tsquery: string, paging: Paging, viewer: number | null): Promise<Found<Post> & Paging>;
  /** Ids of people whose nickname contains `name` (`pattern`: its escaped ILIKE '%…%'), best first, and how many match. */
  findPeople(name: string, pattern: string, opts: { anchorsOnly: boolean; limit: number; offset: number }): Promise<{ ids: number[]; total: number }>;
  people(ids: number[], viewer: number | null): Promise<Person[]>;
  liveRooms: LiveRoomSearch;
  /** Teams, competitions and their matches by any of their names (the matches domain). */
  sports(name: string, limit: number): Promise<{ teams: Found<SportNameCard>; competitions: Found<SportNameCard>; matches: Found<MatchRow> }>;
}

export interface SearchDeps {
  /** Counts a searched word into hot_keywords for the searching reader's language (api/universal/getHot). */
  countKeyword: (name: string, lang: Lang) => Promise<void>;
}

const empty = { list: [], total: 0 };
const nothing: SearchSources = {
  articles: async (_q, paging) => ({ ...empty, ...paging }),
  posts: async (_q, paging) => ({ ...empty, ...paging }),
  findPeople: async () => ({ ids: [], total: 0 }),
  people: async () => [],
  liveRooms: async () => empty,
  sports: async () => ({ teams: empty, competitions: empty, matches: empty }),
};

export function createSearchService(deps: SearchDeps) {
  const sources: SearchSources = { ...nothing };

  async function people(name: string, anchorsOnly: boolean, page: number, limit: number, viewer: number | null) {
    const { ids, total } = await sources.findPeople(name, likePattern(name), { anchorsOnly, limit, offset: (page - 1) * limit });
    return { list: await sources.people(ids, viewer), total };
  }

  return {
    /** A domain plugs in what it can find; returns the parts it replaced (tests put them back). */
    provide(parts: Partial<SearchSources>): Partial<SearchSources> {
      const previous = Object.fromEntries(Object.keys(parts).map((k) => [k, sources[k as keyof SearchSources]]));
      Object.assign(sources, parts);
      return previous;
    },

    /** The search page: a few of each kind, and the word counted as searched. */
    async index(name: string, limit: number, viewer: number | null, lang: Lang) {
      const tsquery = tsqueryLiteral(name);
      const first = { page: 1, limit };
      const [sports, anchors, users, lives, articles, posts] = await Promise.all([
        sources.sports(name, limit),
        people(name, true, 1, limit, viewer),
        people(name, false, 1, limit, viewer),
        sources.liveRooms(name, { limit, offset: 0 }),
        tsquery ? sources.articles(tsquery, first, lang) : empty,
        tsquery ? sources.posts(tsquery, first, viewer) : empty,
        deps.countKeyword(name, lang),
      ]);
      const section = <T>(r: { list: T[]; total: number }) => ({ list: r.list, total: r.total });
      return {
        name,
        teams: section(sports.teams),
        competitions: section(sports.competitions),
        matches: section(sports.matches),
        anchors: section(anchors),
        users: section(users),
        lives: section(lives),
        articles: section(articles),
        posts: section(posts),
      };
    },

    async anchors(name: string, page: number, limit: number, viewer: number | null) {
      const r = await people(name, true, page, limit, viewer);
      return { ...r, page, limit };
    },

    /** Live rooms and the anchors by that name. */
    async live(name: string, page: number, limit: number, viewer: number | null) {
      const [rooms, anchors] = await Promise.all([sources.liveRooms(name, { limit, offset: (page - 1) * limit }), people(name, true, 1, limit, viewer)]);
      return { list: rooms.list, total: rooms.total, page, limit, anchors: anchors.list };
    },

    async articles(name: string, page: number, limit: number, lang: Lang) {
      const tsquery = tsqueryLiteral(name);
      return tsquery ? sources.articles(tsquery, { page, limit }, lang) : { ...empty, page, limit };
    },

    async posts(name: string, page: number, limit: number, viewer: number | null) {
      const tsquery = tsqueryLiteral(name);
      return tsquery ? sources.posts(tsquery, { page, limit }, viewer) : { ...empty, page, limit };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
