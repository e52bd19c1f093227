import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ContentKind, ContentState } from '@livesports/contracts/console-content';
import { ContentStatus } from '@livesports/contracts/console-content';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { articles, comments, contentReports, posts } from '../../db/schema/content.ts';
import type { ConsoleTx } from '../console/plugin.ts';

const STATUS: Record<ContentState, number> = { visible: ContentStatus.VISIBLE, hidden: ContentStatus.HIDDEN, deleted: ContentStatus.DELETED };
const REPORT_TYPE: Record<ContentKind, 'article' | 'post' | 'comment'> = { article: 'article', post: 'post', comment: 'comment' };

export interface StaffContentFilter {
  kind: ContentKind;
  state: ContentState | 'all';
  q?: string;
  author?: number;
  reported: boolean;
  /** One row only. */
  id?: number;
  limit: number;
  offset: number;
}

export interface StaffContentRow {
  id: number;
  title: string;
  text: string;
  status: number;
  createdAt: Date;
  authorId: number;
  nickname: string;
  avatar: string;
  reports: number;
  postId: number | null;
  articleId: number | null;
}

/** The console's queries over headlines, posts and comments (every status, with open report counts). */
export function createContentStaffRepo(db: Db) {
  const table = (kind: ContentKind) => (kind === 'article' ? articles : kind === 'post' ? posts : comments);
  const authorCol = (kind: ContentKind) => (kind === 'article' ? articles.authorId : kind === 'post' ? posts.authorId : comments.userId);

  return {
    async list(f: StaffContentFilter): Promise<{ rows: StaffContentRow[]; total: number }> {
      const t = table(f.kind);
      const openReports = sql<number>`(select count(*)::int from ${contentReports} where ${contentReports.targetType} = ${REPORT_TYPE[f.kind]} and ${contentReports.targetId} = ${t.id} and ${contentReports.status} = 'open')`;
      const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where: SQL[] = [];
      if (f.id) where.push(eq(t.id, f.id));
      if (f.state !== 'all') where.push(eq(t.status, STATUS[f.state]));
      if (f.author) where.push(eq(authorCol(f.kind), f.author));
      if (f.reported) where.push(sql`${openReports} > 0`);
      if (like) where.push(f.kind === 'article' ? or(ilike(articles.title, like), ilike(articles.summary, like))! : ilike(f.kind === 'post' ? posts.content : comments.content, like));
      const cond = where.length ? and(...where) : undefined;
      const cols = {
        id: t.id,
        title: f.kind === 'article' ? articles.title : sql<string>`''`,
        text: f.kind === 'article' ? articles.summary : f.kind === 'post' ? posts.content : comments.content,
        status: t.status,
        createdAt: t.createdAt,
        authorId: users.id,
        nickname: users.nickname,
        avatar: users.avatar,
        reports: openReports,
        postId: f.kind === 'comment' ? comments.postId : sql<number | null>`null`,
        articleId: f.kind === 'comment' ? comments.articleId : sql<number | null>`null`,
      };
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(cols)
          .from(t)
          .innerJoin(users, eq(users.id, authorCol(f.kind)))
          .where(cond)
          .orderBy(desc(t.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(t).where(cond),
      ]);
      return { rows: rows as StaffContentRow[], total: n };
    },

    /** One row, locked for the change (any status). */
    async lock(tx: ConsoleTx, kind: ContentKind, id: number) {
      const t = table(kind);
      const [row] = await tx
        .select({ id: t.id, status: t.status, postId: kind === 'comment' ? comments.postId : sql<number | null>`null`, articleId: kind === 'comment' ? comments.articleId : sql<number | null>`null` })
        .from(t)
        .where(eq(t.id, id))
        .for('update');
      return (row as { id: number; status: number; postId: number | null; articleId: number | null } | undefined) ?? null;
    },

    async setStatus(tx: ConsoleTx, kind: ContentKind, id: number, status: number) {
      const t = table(kind);
      await tx.update(t).set({ status }).where(eq(t.id, id));
    },

    /** A comment left or rejoined the visible ones: its thread's counter follows (never below 0). */
    async moveCommentCount(tx: ConsoleTx, thread: { kind: 'post' | 'article'; id: number }, by: 1 | -1) {
      if (thread.kind === 'post')
        await tx
          .update(posts)
          .set({ commentsCount: sql`greatest(${posts.commentsCount} + ${by}, 0)` })
          .where(eq(posts.id, thread.id));
      else
        await tx
          .update(articles)
          .set({ commentsCount: sql`greatest(${articles.commentsCount} + ${by}, 0)` })
          .where(eq(articles.id, thread.id));
    },

    /** Open reports of the target are closed as acted on. */
    async closeReports(tx: ConsoleTx, kind: ContentKind, id: number, staffId: number, at: Date) {
      await tx
        .update(contentReports)
        .set({ status: 'actioned', handledBy: staffId, handledAt: at })
        .where(and(eq(contentReports.targetType, REPORT_TYPE[kind]), eq(contentReports.targetId, id), eq(contentReports.status, 'open')));
    },

    /** Which of `ids` are visible headlines. */
    async visibleArticles(ids: number[]) {
      if (!ids.length) return new Set<number>();
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(inArray(articles.id, ids), eq(articles.status, ContentStatus.VISIBLE)));
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type ContentStaffRepo = ReturnType<typeof createContentStaffRepo>;
