import { and, count, countDistinct, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { articles, posts } from '../../db/schema/content.ts';
import { follows } from '../../db/schema/social.ts';
import type { FollowKind } from '@livesports/contracts/social';

// Every query of the social domain. Counts of posts and articles (content domain) are read here
// for the personal space header; nothing here writes outside `follows`.

export function createSocialRepo(db: Db) {
  /** Columns of a person card, with fan count and whether the viewer follows them. */
  const personColumns = (viewer: number | null) => ({
    id: users.id,
    nickname: users.nickname,
    avatar: users.avatar,
    signature: users.signature,
    isAnchor: users.isAnchor,
    anchorExp: users.anchorExp,
    fans: sql<number>`(select count(distinct ${follows.followerId}) from ${follows} where ${follows.followeeId} = ${users.id})`.mapWith(Number),
    isFollowed: viewer == null ? sql<boolean>`false` : sql<boolean>`exists (select 1 from ${follows} f2 where f2.follower_id = ${viewer} and f2.followee_id = ${users.id})`,
  });

  return {
    async userById(id: number) {
      const [row] = await db
        .select({
          id: users.id,
          nickname: users.nickname,
          avatar: users.avatar,
          signature: users.signature,
          sex: users.sex,
          isAnchor: users.isAnchor,
          anchorExp: users.anchorExp,
          status: users.status,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },
    async isWriter(id: number) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(articles)
        .where(and(eq(articles.authorId, id), eq(articles.status, 1)))
        .limit(1);
      return !!row;
    },
    /** True when a row was added (false: already following). */
    async follow(followerId: number, followeeId: number, kind: FollowKind) {
      const rows = await db.insert(follows).values({ followerId, followeeId, kind }).onConflictDoNothing().returning({ f: follows.followerId });
      return rows.length > 0;
    },
    async unfollow(followerId: number, followeeId: number, kind: FollowKind) {
      const rows = await db
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId), eq(follows.kind, kind)))
        .returning({ f: follows.followerId });
      return rows.length > 0;
    },
    async followKinds(followerId: number, followeeId: number): Promise<FollowKind[]> {
      const rows = await db
        .select({ kind: follows.kind })
        .from(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
      return rows.map((r) => r.kind);
    },
    async fansCount(id: number) {
      const [{ n }] = await db
        .select({ n: countDistinct(follows.followerId) })
        .from(follows)
        .where(eq(follows.followeeId, id));
      return n;
    },
    /** Followers of one kind (anchors: the live room header), one row per follower and kind. */
    async followersAs(id: number, kind: FollowKind) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(follows)
        .where(and(eq(follows.followeeId, id), eq(follows.kind, kind)));
      return n;
    },
    async followsCount(id: number) {
      const [{ n }] = await db
        .select({ n: countDistinct(follows.followeeId) })
        .from(follows)
        .where(eq(follows.followerId, id));
      return n;
    },
    async contentCounts(id: number) {
      const [[p], [a]] = await Promise.all([
        db
          .select({ n: count() })
          .from(posts)
          .where(and(eq(posts.authorId, id), eq(posts.status, 1))),
        db
          .select({ n: count() })
          .from(articles)
          .where(and(eq(articles.authorId, id), eq(articles.status, 1))),
      ]);
      return { posts: p.n, articles: a.n };
    },
    /**
     * People `uid` follows, newest first. With a kind: follows of that kind; without: each person
     * once, at the time of the latest follow.
     */
    async following(uid: number, kind: FollowKind | null, viewer: number | null, limit: number, offset: number) {
      const where = and(eq(follows.followerId, uid), kind ? eq(follows.kind, kind) : undefined);
      const edges = db
        .select({ who: follows.followeeId, at: max(follows.createdAt).as('at'), kind: sql<FollowKind>`min(${follows.kind})`.as('kind') })
        .from(follows)
        .where(where)
        .groupBy(follows.followeeId)
        .as('edges');
      const [list, [{ n }]] = await Promise.all([
        db
          .select({ ...personColumns(viewer), followedAt: edges.at, kind: edges.kind })
          .from(edges)
          .innerJoin(users, eq(users.id, edges.who))
          .orderBy(desc(edges.at), desc(users.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: countDistinct(follows.followeeId) })
          .from(follows)
          .where(where),
      ]);
      return { list, total: n };
    },
    /** People who follow `uid` (each once), newest first. */
    async fans(uid: number, viewer: number | null, limit: number, offset: number) {
      const edges = db
        .select({ who: follows.followerId, at: max(follows.createdAt).as('at') })
        .from(follows)
        .where(eq(follows.followeeId, uid))
        .groupBy(follows.followerId)
        .as('edges');
      const [list, n] = await Promise.all([
        db
          .select({ ...personColumns(viewer), followedAt: edges.at })
          .from(edges)
          .innerJoin(users, eq(users.id, edges.who))
          .orderBy(desc(edges.at), desc(users.id))
          .limit(limit)
          .offset(offset),
        this.fansCount(uid),
      ]);
      return { list, total: n };
    },
    /** Of `ids`, the people `viewer` follows (as anything): the viewer's flags on content cards. */
    async followedAmong(viewer: number, ids: number[]) {
      if (!ids.length) return new Set<number>();
      const rows = await db
        .select({ id: follows.followeeId })
        .from(follows)
        .where(and(eq(follows.followerId, viewer), inArray(follows.followeeId, ids)));
      return new Set(rows.map((r) => r.id));
    },
    /** Everyone `viewer` follows (as anything): the circle's "following" tab. */
    async followees(viewer: number) {
      const rows = await db.selectDistinct({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, viewer));
      return rows.map((r) => r.id);
    },
    /**
     * Ids of enabled people whose nickname matches `pattern` (an escaped ILIKE '%…%' pattern of
     * `name`): exact names first, then prefixes, then by fans (the search page's people).
     */
    async searchPeople(name: string, pattern: string, opts: { anchorsOnly: boolean; limit: number; offset: number }) {
      const where = and(eq(users.status, 1), sql`${users.nickname} ilike ${pattern} escape '\\'`, opts.anchorsOnly ? eq(users.isAnchor, 1) : undefined);
      const fans = sql`(select count(distinct ${follows.followerId}) from ${follows} where ${follows.followeeId} = ${users.id})`;
      const [rows, [{ n }]] = await Promise.all([
        db
          .select({ id: users.id })
          .from(users)
          .where(where)
          .orderBy(sql`lower(${users.nickname}) = lower(${name}) desc`, sql`lower(${users.nickname}) like lower(${pattern.slice(1)}) escape '\\' desc`, desc(fans), desc(users.id))
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: n };
    },
    /** Person cards for ids (search results), in no particular order. */
    people(ids: number[], viewer: number | null) {
      if (!ids.length) return Promise.resolve([]);
      return db.select(personColumns(viewer)).from(users).where(inArray(users.id, ids));
    },
  };
}
export type SocialRepo = ReturnType<typeof createSocialRepo>;
