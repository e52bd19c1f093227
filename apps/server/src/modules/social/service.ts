import { anchorLevel } from '@livesports/contracts/account';
import { FOLLOW_KINDS, FollowType, type FollowKind, type FollowTypeValue, type Person, type Profile } from '@livesports/contracts/social';
import type { AuthUser } from '../../platform/auth.ts';
import type { Bus } from '../../platform/bus.ts';
import { badInput, notFound, notLoggedIn } from '../../platform/errors.ts';
import type { SocialRepo } from './repo.ts';

/** Published on the bus when a follow changes, so live rooms can update follower counts. */
export const FOLLOW_CHANGED = 'social:follow';
export interface FollowChanged {
  follower: number;
  followee: number;
  kind: FollowKind;
  followed: boolean;
  fans: number;
}

const LADDER_LEVELS = 30;
const flag = (v: unknown): 0 | 1 => (v ? 1 : 0);
const typeOf: Record<FollowKind, FollowTypeValue> = { anchor: FollowType.ANCHOR, writer: FollowType.WRITER, user: FollowType.USER };
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Experience needed to reach each level (anchorLevel: each level costs 1000 more than the last). */
export function levelLadder(levels = LADDER_LEVELS) {
  const out: { level: number; exp: number }[] = [];
  let exp = 0;
  for (let level = 1; level <= levels; level++) {
    out.push({ level, exp });
    exp += level * 1000;
  }
  return out;
}

interface PersonCols {
  id: number;
  nickname: string;
  avatar: string;
  signature: string;
  isAnchor: number;
  anchorExp: number;
  fans: number;
  isFollowed: boolean;
  followedAt?: Date | string | null;
  kind?: FollowKind | null;
}
export function toPerson(r: PersonCols): Person {
  return {
    id: r.id,
    user_nickname: r.nickname,
    avatar: r.avatar,
    signature: r.signature,
    is_anchor: flag(r.isAnchor),
    level: anchorLevel(r.anchorExp),
    fans: Number(r.fans),
    is_followed: flag(r.isFollowed),
    ...(r.kind ? { type: typeOf[r.kind] } : {}),
    ...(r.followedAt ? { followed_at: iso(r.followedAt) } : {}),
  };
}

export function createSocialService(deps: { repo: SocialRepo; bus?: Bus }) {
  const { repo } = deps;

  async function existing(uid: number) {
    const u = await repo.userById(uid);
    if (!u || u.status !== 1) throw notFound('social.user_not_found');
    return u;
  }
  const subject = (uid: number | undefined, viewer: number | null) => {
    const id = uid ?? viewer;
    if (id == null) throw notLoggedIn();
    return id;
  };

  return {
    /** Follow (attention 1), unfollow (0) or toggle (absent) a person as an anchor, writer or user. */
    async attention(user: AuthUser, input: { id: number; type: FollowTypeValue; attention?: 0 | 1 }) {
      const kind = FOLLOW_KINDS[input.type];
      if (input.id === user.id) throw badInput('social.self_follow');
      const target = await existing(input.id);
      const want = input.attention === undefined ? !(await repo.followKinds(user.id, input.id)).includes(kind) : input.attention === 1;
      if (want) {
        if (kind === 'anchor' && !target.isAnchor) throw badInput('social.not_anchor');
        if (kind === 'writer' && !(await repo.isWriter(input.id))) throw badInput('social.not_writer');
        await repo.follow(user.id, input.id, kind);
      } else {
        await repo.unfollow(user.id, input.id, kind);
      }
      const fans = await repo.fansCount(input.id);
      await deps.bus?.publish(FOLLOW_CHANGED, JSON.stringify({ follower: user.id, followee: input.id, kind, followed: want, fans } satisfies FollowChanged));
      return { is_followed: flag(want), fans };
    },

    async following(input: { uid?: number; type: 0 | FollowTypeValue; page: number; limit: number }, viewer: number | null) {
      const uid = subject(input.uid, viewer);
      await existing(uid);
      const kind = input.type === 0 ? null : FOLLOW_KINDS[input.type];
      const { list, total } = await repo.following(uid, kind, viewer, input.limit, (input.page - 1) * input.limit);
      return { list: list.map(toPerson), total, page: input.page, limit: input.limit };
    },

    async fans(input: { uid?: number; page: number; limit: number }, viewer: number | null) {
      const uid = subject(input.uid, viewer);
      await existing(uid);
      const { list, total } = await repo.fans(uid, viewer, input.limit, (input.page - 1) * input.limit);
      return { list: list.map(toPerson), total, page: input.page, limit: input.limit };
    },

    async profile(uid: number, viewer: number | null): Promise<Profile> {
      const u = await existing(uid);
      const [fans, followsN, counts, kinds] = await Promise.all([
        repo.fansCount(uid),
        repo.followsCount(uid),
        repo.contentCounts(uid),
        viewer != null && viewer !== uid ? repo.followKinds(viewer, uid) : Promise.resolve([] as FollowKind[]),
      ]);
      return {
        id: u.id,
        user_nickname: u.nickname,
        avatar: u.avatar,
        signature: u.signature,
        sex: (u.sex === 1 || u.sex === 2 ? u.sex : 0) as 0 | 1 | 2,
        is_anchor: flag(u.isAnchor),
        level: anchorLevel(u.anchorExp),
        exp: u.anchorExp,
        is_writer: flag(counts.articles > 0),
        follows: followsN,
        fans,
        posts: counts.posts,
        articles: counts.articles,
        followed_as: kinds.map((k) => typeOf[k]).sort(),
        is_mine: flag(viewer === uid),
        created_at: iso(u.createdAt),
      };
    },

    async experience(viewer: number | null) {
      const levels = levelLadder();
      if (viewer == null) return { levels, exp: null, level: null, next_exp: null };
      const u = await existing(viewer);
      const level = anchorLevel(u.anchorExp);
      const next = levelLadder(level + 1).at(-1)!.exp;
      return { levels, exp: u.anchorExp, level, next_exp: next };
    },

    /** How many follow an anchor (the live room header). */
    anchorFollowers: (anchorId: number) => repo.followersAs(anchorId, 'anchor'),
    /** Whether a user follows an anchor (the live room header's follow button). */
    followsAnchor: async (userId: number, anchorId: number) => (await repo.followKinds(userId, anchorId)).includes('anchor'),

    /** Of `ids`, the people `viewer` follows (content cards' is_followed). */
    followedAmong: (viewer: number, ids: number[]) => repo.followedAmong(viewer, ids),
    /** Everyone `viewer` follows (the circle's "following" tab). */
    followees: (viewer: number) => repo.followees(viewer),
    /** People found by nickname, for the search page (ids in rank order, and how many match). */
    findPeople: (name: string, pattern: string, opts: { anchorsOnly: boolean; limit: number; offset: number }) => repo.searchPeople(name, pattern, opts),

    /** Person cards in the order of `ids` (search results). */
    async people(ids: number[], viewer: number | null): Promise<Person[]> {
      const rows = await repo.people(ids, viewer);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => (byId.has(id) ? [toPerson(byId.get(id)!)] : []));
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
