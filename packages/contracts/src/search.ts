import { z } from 'zod';
import { defineCall } from './call.ts';
import { articleCardSchema, limitField, pageField, pageOf, postSchema } from './content.ts';
import { SPORTS } from './matches-constants.ts';
import { matchRowSchema } from './matches-rows.ts';
import { personSchema } from './social.ts';

// Site search over teams, competitions and matches, anchors, live rooms, headlines and circle
// posts (/search?name=). Sport names match in any of their languages, with or without accents.
export const KEYWORD_MAX = 50;
/** Search words the browser remembers (spec §3 local setting historyList). */
export const HISTORY_MAX = 10;

export const keywordField = z.preprocess((v) => (v == null ? '' : String(v).trim().replace(/\s+/g, ' ')), z.string().min(1, 'search.keyword_empty').max(KEYWORD_MAX, 'search.keyword_long'));

/** A live room in search results. Rooms come with the live issue; until then the list is empty. */
export const liveRoomCardSchema = z.object({
  room_id: z.number(),
  uid: z.number(),
  user_nickname: z.string(),
  avatar: z.string(),
  title: z.string(),
  cover: z.string(),
  is_live: z.union([z.literal(0), z.literal(1)]),
  heat: z.number(),
});
export type LiveRoomCard = z.infer<typeof liveRoomCardSchema>;

/** A team or a competition found by one of its names (zh, zht, en, es). */
export const sportNameCardSchema = z.object({
  id: z.number(),
  sport: z.enum(SPORTS),
  name_zh: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  logo: z.string(),
});
export type SportNameCard = z.infer<typeof sportNameCardSchema>;

const section = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number() });

export const searchIndex = defineCall({
  method: 'GET',
  path: 'api/Search/index',
  auth: false,
  input: z.object({ name: keywordField, limit: limitField(6) }),
  data: z.object({
    name: z.string(),
    teams: section(sportNameCardSchema),
    competitions: section(sportNameCardSchema),
    /** Matches of the teams found (else of the competitions found): in play and next first, then the latest results. */
    matches: section(matchRowSchema),
    anchors: section(personSchema),
    lives: section(liveRoomCardSchema),
    articles: section(articleCardSchema),
    posts: section(postSchema),
    users: section(personSchema),
  }),
});

export const searchAnchor = defineCall({
  method: 'GET',
  path: 'api/Search/anchor',
  auth: false,
  input: z.object({ name: keywordField, page: pageField, limit: limitField(20) }),
  data: pageOf(personSchema),
});

export const searchLive = defineCall({
  method: 'GET',
  path: 'api/Search/live',
  auth: false,
  input: z.object({ name: keywordField, page: pageField, limit: limitField(20) }),
  /** list: live rooms (empty until rooms exist); anchors: anchors whose name matches. */
  data: pageOf(liveRoomCardSchema).extend({ anchors: z.array(personSchema) }),
});

/** Paged headline and post results for the search page's tabs. */
export const searchArticles = defineCall({
  method: 'GET',
  path: 'api/Search/article',
  auth: false,
  input: z.object({ name: keywordField, page: pageField, limit: limitField(10) }),
  data: pageOf(articleCardSchema),
});

export const searchPosts = defineCall({
  method: 'GET',
  path: 'api/Search/post',
  auth: false,
  input: z.object({ name: keywordField, page: pageField, limit: limitField(10) }),
  data: pageOf(postSchema),
});
