import type { Lang } from '@livesports/contracts/messages';
import type { LiveRoomCard } from '@livesports/contracts/search';
import type { ContentService } from '../content/service.ts';
import type { SocialService } from '../social/service.ts';
import type { SearchRepo } from './repo.ts';
import { tsqueryLiteral } from './tokenize.ts';

/** Live rooms matching a word. Rooms come with the live module; until it plugs in, none. */
export type LiveRoomSearch = (name: string, opts: { limit: number; offset: number }) => Promise<{ list: LiveRoomCard[]; total: number }>;
const noRooms: LiveRoomSearch = async () => ({ list: [], total: 0 });

export interface SearchDeps {
  repo: SearchRepo;
  content: Pick<ContentService, 'searchArticles' | 'searchPosts'>;
  social: Pick<SocialService, 'people'>;
  /** Counts a searched word into hot_keywords (api/universal/getHot). */
  countKeyword: (name: string) => Promise<void>;
  liveRooms?: LiveRoomSearch;
}

const empty = { list: [], total: 0 };

export function createSearchService(deps: SearchDeps) {
  let liveRooms = deps.liveRooms ?? noRooms;

  async function people(name: string, anchorsOnly: boolean, page: number, limit: number, viewer: number | null) {
    const { ids, total } = await deps.repo.people(name, { anchorsOnly, limit, offset: (page - 1) * limit });
    return { list: await deps.social.people(ids, viewer), total };
  }

  return {
    /** The live module registers its room search here; returns the one it replaces. */
    setLiveRoomSearch(fn: LiveRoomSearch): LiveRoomSearch {
      const previous = liveRooms;
      liveRooms = fn;
      return previous;
    },

    /** The search page: a few of each kind, and the word counted as searched. */
    async index(name: string, limit: number, viewer: number | null, lang: Lang) {
      const tsquery = tsqueryLiteral(name);
      const first = { page: 1, limit };
      const [anchors, users, lives, articles, posts] = await Promise.all([
        people(name, true, 1, limit, viewer),
        people(name, false, 1, limit, viewer),
        liveRooms(name, { limit, offset: 0 }),
        tsquery ? deps.content.searchArticles(tsquery, first, lang) : empty,
        tsquery ? deps.content.searchPosts(tsquery, first, viewer) : empty,
        deps.countKeyword(name),
      ]);
      const section = <T>(r: { list: T[]; total: number }) => ({ list: r.list, total: r.total });
      return { name, anchors: section(anchors), users: section(users), lives: section(lives), articles: section(articles), posts: section(posts) };
    },

    async anchors(name: string, page: number, limit: number, viewer: number | null) {
      const r = await people(name, true, page, limit, viewer);
      return { ...r, page, limit };
    },

    /** Live rooms (none until the live module plugs in) and, meanwhile, the anchors by that name. */
    async live(name: string, page: number, limit: number, viewer: number | null) {
      const [rooms, anchors] = await Promise.all([liveRooms(name, { limit, offset: (page - 1) * limit }), people(name, true, 1, limit, viewer)]);
      return { list: rooms.list, total: rooms.total, page, limit, anchors: anchors.list };
    },

    async articles(name: string, page: number, limit: number, lang: Lang) {
      const tsquery = tsqueryLiteral(name);
      return tsquery ? deps.content.searchArticles(tsquery, { page, limit }, lang) : { ...empty, page, limit };
    },

    async posts(name: string, page: number, limit: number, viewer: number | null) {
      const tsquery = tsqueryLiteral(name);
      return tsquery ? deps.content.searchPosts(tsquery, { page, limit }, viewer) : { ...empty, page, limit };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
