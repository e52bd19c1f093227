import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReportTargetType } from '@livesports/contracts/console';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { articles, comments, contentReports, posts } from '../../db/schema/content.ts';
import { liveRooms } from '../../db/schema/live.ts';
import type { Conn } from './audit.repo.ts';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type ReportState = 'open' | 'dismissed' | 'actioned';
export interface Target {
  type: ReportTargetType;
  id: number;
}
const key = (t: Target) => `${t.type}:${t.id}`;
export { key as targetKey };

/** The reports queue's queries: reports grouped by target, and what each target is now. */
export function createReportsRepo(db: Db) {
  return {
    /** Targets with reports in `status`: open ones oldest first (first come, first handled), handled ones latest first. */
    async groups(opts: { status: ReportState; targetType?: ReportTargetType; page: number; limit: number }) {
      const where = sql`status = ${opts.status}${opts.targetType ? sql` and target_type = ${opts.targetType}` : sql``}`;
      const order = opts.status === 'open' ? sql`min(created_at) asc` : sql`max(handled_at) desc nulls last`;
      const [list, [{ total }]] = await Promise.all([
        rows<{ type: ReportTargetType; id: number; n: number; first_at: string | Date; last_at: string | Date }>(
          db,
          sql`select target_type as type, target_id as id, count(*)::int as n, min(created_at) as first_at, max(created_at) as last_at
              from content_reports where ${where}
              group by target_type, target_id order by ${order}, target_type, target_id
              limit ${opts.limit} offset ${(opts.page - 1) * opts.limit}`,
        ),
        rows<{ total: number }>(db, sql`select count(*)::int as total from (select 1 from content_reports where ${where} group by target_type, target_id) g`),
      ]);
      return { list: list.map((r) => ({ ...r, first_at: new Date(r.first_at), last_at: new Date(r.last_at) })), total };
    },

    /** Per target: reasons counted, and the latest five reports with their reporter. */
    async details(targets: Target[], status: ReportState) {
      if (!targets.length) return { reasons: [], latest: [] };
      const pairs = sql.join(
        targets.map((t) => sql`(${t.type}, ${t.id}::int)`),
        sql`, `,
      );
      const [reasons, latest] = await Promise.all([
        rows<{ type: string; id: number; reason: string; n: number }>(
          db,
          sql`select target_type as type, target_id as id, reason, count(*)::int as n from content_reports
              where status = ${status} and (target_type, target_id) in (${pairs}) group by 1, 2, 3`,
        ),
        rows<{ type: string; id: number; reason: string; detail: string; created_at: string | Date; reporter_id: number; nickname: string; avatar: string }>(
          db,
          sql`select r.type, r.id, r.reason, r.detail, r.created_at, r.reporter_id, u.nickname, u.avatar from (
                select target_type as type, target_id as id, reason, detail, created_at, reporter_id,
                       row_number() over (partition by target_type, target_id order by created_at desc, id desc) as k
                from content_reports where status = ${status} and (target_type, target_id) in (${pairs})
              ) r join users u on u.id = r.reporter_id where r.k <= 5 order by r.created_at desc`,
        ),
      ]);
      return { reasons, latest: latest.map((r) => ({ ...r, created_at: new Date(r.created_at) })) };
    },

    async posts(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: posts.id, authorId: posts.authorId, content: posts.content, status: posts.status }).from(posts).where(inArray(posts.id, ids));
    },
    async comments(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: comments.id, userId: comments.userId, content: comments.content, status: comments.status, postId: comments.postId, articleId: comments.articleId })
        .from(comments)
        .where(inArray(comments.id, ids));
    },
    async articles(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: articles.id, authorId: articles.authorId, title: articles.title, summary: articles.summary, status: articles.status }).from(articles).where(inArray(articles.id, ids));
    },
    async rooms(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: liveRooms.id, title: liveRooms.title, status: liveRooms.status }).from(liveRooms).where(inArray(liveRooms.id, ids));
    },
    async users(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: users.id, nickname: users.nickname, avatar: users.avatar, isAdmin: users.isAdmin, isModerator: users.isModerator }).from(users).where(inArray(users.id, ids));
    },

    async openCount(t: Target) {
      const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from content_reports where status = 'open' and target_type = ${t.type} and target_id = ${t.id}`);
      return row?.n ?? 0;
    },

    /** Closes every open report of a target; returns how many. */
    async close(tx: Conn, t: Target, status: Exclude<ReportState, 'open'>, by: number, at: Date) {
      const done = await tx
        .update(contentReports)
        .set({ status, handledBy: by, handledAt: at })
        .where(and(eq(contentReports.status, 'open'), eq(contentReports.targetType, t.type), eq(contentReports.targetId, t.id)))
        .returning({ id: contentReports.id });
      return done.length;
    },

    /** Takes a headline off the site (the content module has no call for it yet). */
    async hideArticle(id: number) {
      const done = await db
        .update(articles)
        .set({ status: 0 })
        .where(and(eq(articles.id, id), eq(articles.status, 1)))
        .returning({ id: articles.id });
      return done.length > 0;
    },

    transaction<T>(fn: (tx: Conn) => Promise<T>) {
      return db.transaction(fn);
    },
  };
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>;

/** Intake of chat and room reports (viewers report; the queue above reads them). */
export function createReportIntakeRepo(db: Db) {
  return {
    /** A room chat line: who wrote it and its text (null when there is no such line). */
    async chatLine(roomId: number, seq: number) {
      const [row] = await rows<{ from: string; type: string; payload: { text?: string } }>(
        db,
        sql`select from_identifier as "from", type, payload from chat_messages where group_id = ${roomId} and seq = ${seq} limit 1`,
      );
      return row ?? null;
    },
    async roomExists(roomId: number) {
      const [row] = await db.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.id, roomId)).limit(1);
      return !!row;
    },
    /** One report per person and target; a repeat is accepted silently. A handled target reported again opens again. */
    async insert(values: { reporterId: number; targetType: ReportTargetType; targetId: number; reason: string; detail: string }) {
      await db
        .insert(contentReports)
        .values(values)
        .onConflictDoUpdate({
          target: [contentReports.reporterId, contentReports.targetType, contentReports.targetId],
          set: { status: 'open', reason: values.reason, detail: values.detail, createdAt: sql`now()`, handledBy: null, handledAt: null },
          setWhere: sql`${contentReports.status} <> 'open'`,
        });
    },
  };
}
export type ReportIntakeRepo = ReturnType<typeof createReportIntakeRepo>;
