import { type ContentAction, type ContentKind, type ContentRow, type ContentState, ContentStatus, FEATURED_MAX, contentStateOf } from '@livesports/contracts/console-content';
import type { ArticleCard } from '@livesports/contracts/content';
import type { Lang } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import type { AuditInput, ConsoleTx } from '../console/plugin.ts';
import type { ContentRepo, Thread } from './repo.ts';
import { toArticleCard } from './service.ts';
import type { ContentStaffRepo, StaffContentRow } from './staff.repo.ts';

/** Where the home page's featured headlines are kept (system settings, JSON list of ids). */
export const FEATURED_KEY = 'home.featured';

const NEXT: Record<ContentAction, { from: number[]; to: number }> = {
  hide: { from: [ContentStatus.VISIBLE], to: ContentStatus.HIDDEN },
  restore: { from: [ContentStatus.HIDDEN], to: ContentStatus.VISIBLE },
  delete: { from: [ContentStatus.VISIBLE, ContentStatus.HIDDEN], to: ContentStatus.DELETED },
};

/**
 * The console's content pages (moderators): list headlines, posts and comments in every state,
 * hide (restorable), restore, delete, and feature headlines on the home page. A change commits
 * with its audit row and closes the target's open reports; then the public answers showing it
 * are dropped in every process, so hidden content is gone from lists and pages at once.
 */
export function createContentStaffService(deps: {
  repo: ContentStaffRepo;
  content: ContentRepo;
  clock: Clock;
  cache: ReadCache;
  audit: (entry: AuditInput, tx?: ConsoleTx) => Promise<void>;
  transaction: <T>(fn: (tx: ConsoleTx) => Promise<T>) => Promise<T>;
  /** The stored featured list, and storing it (system settings; `settingsChanged` drops it everywhere). */
  featuredIds: () => Promise<unknown>;
  storeFeatured: (ids: number[], tx: ConsoleTx) => Promise<void>;
  settingsChanged: () => Promise<void>;
}) {
  const { repo, cache } = deps;

  async function featuredIds(): Promise<number[]> {
    const v = await deps.featuredIds();
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && x > 0).slice(0, FEATURED_MAX) : [];
  }

  /** The home page's featured headlines per reader language; dropped with the headlines and settings. */
  const featuredRead = cache.define('content:featured', {
    key: (lang: Lang) => lang,
    tags: () => ['articles', 'settings', 'people'],
    async load(lang): Promise<{ list: ArticleCard[] }> {
      const ids = await featuredIds();
      const rows = await deps.content.articlesByIds(ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { list: ids.flatMap((id) => (byId.has(id) ? [toArticleCard(byId.get(id)!, lang)] : [])) };
    },
  });

  const toRow = (kind: ContentKind, r: StaffContentRow, featured: Set<number>): ContentRow => ({
    kind,
    id: r.id,
    title: r.title,
    text: [...r.text].length > 200 ? `${[...r.text].slice(0, 200).join('')}…` : r.text,
    author: { id: r.authorId, nickname: r.nickname, avatar: r.avatar },
    state: contentStateOf(r.status),
    featured: kind === 'article' && featured.has(r.id),
    reports: Number(r.reports),
    thread: kind === 'comment' ? (r.postId != null ? { kind: 'post', id: r.postId } : { kind: 'article', id: r.articleId! }) : null,
    created_at: r.createdAt.toISOString(),
  });

  /** Drops what shows the row: its page and lists (and a comment's thread). */
  async function dropPublic(kind: ContentKind, id: number, thread: Thread | null) {
    if (kind === 'article') await cache.invalidate(['articles', `article:${id}`]);
    else if (kind === 'post') await cache.invalidate(['posts', `post:${id}`]);
    else if (thread) await cache.invalidate(thread.kind === 'post' ? ['posts', `post:${thread.id}`] : ['articles', `article:${thread.id}`]);
  }

  /** One row as the list shows it. */
  async function one(kind: ContentKind, id: number): Promise<ContentRow> {
    const { rows } = await repo.list({ kind, state: 'all', reported: false, limit: 1, offset: 0, id });
    if (!rows.length) throw notFound('console.content_not_found');
    return toRow(kind, rows[0], new Set(await featuredIds()));
  }

  return {
    featured: (lang: Lang) => featuredRead.get(lang),

    async list(input: { kind: ContentKind; state: ContentState | 'all'; q?: string; author?: number; reported: 0 | 1; page: number; limit: number }) {
      const [{ rows, total }, featured] = await Promise.all([
        repo.list({ kind: input.kind, state: input.state, q: input.q, author: input.author, reported: input.reported === 1, limit: input.limit, offset: (input.page - 1) * input.limit }),
        featuredIds(),
      ]);
      const set = new Set(featured);
      return { list: rows.map((r) => toRow(input.kind, r, set)), total, page: input.page };
    },

    async moderate(user: AuthUser, input: { kind: ContentKind; id: number; action: ContentAction; reason: string }): Promise<ContentRow> {
      const rule = NEXT[input.action];
      const thread = await deps.transaction(async (tx) => {
        const row = await repo.lock(tx, input.kind, input.id);
        if (!row) throw notFound('console.content_not_found');
        if (!rule.from.includes(row.status)) {
          if (row.status === ContentStatus.DELETED) throw new AppError('console.content_deleted', 409);
          throw new AppError(input.action === 'restore' ? 'console.content_not_hidden' : 'console.content_hidden_already', 409);
        }
        await repo.setStatus(tx, input.kind, input.id, rule.to);
        const thread: Thread | null = input.kind === 'comment' ? (row.postId != null ? { kind: 'post', id: row.postId } : { kind: 'article', id: row.articleId! }) : null;
        // Comment counters count visible comments only.
        const wasVisible = row.status === ContentStatus.VISIBLE;
        const isVisible = rule.to === ContentStatus.VISIBLE;
        if (thread && wasVisible !== isVisible) await repo.moveCommentCount(tx, thread, isVisible ? 1 : -1);
        if (input.action !== 'restore') await repo.closeReports(tx, input.kind, input.id, user.id, deps.clock.now());
        await deps.audit(
          {
            actorId: user.id,
            action: `${input.kind}.${input.action}`,
            targetType: input.kind,
            targetId: String(input.id),
            before: { state: contentStateOf(row.status) },
            after: { state: contentStateOf(rule.to) },
            reason: input.reason,
          },
          tx,
        );
        return thread;
      });
      await dropPublic(input.kind, input.id, thread);
      return one(input.kind, input.id);
    },

    async feature(user: AuthUser, id: number, on: boolean) {
      const before = await featuredIds();
      if (on && !(await repo.visibleArticles([id])).has(id)) throw badInput('console.feature_hidden');
      const after = on ? [id, ...before.filter((x) => x !== id)].slice(0, FEATURED_MAX) : before.filter((x) => x !== id);
      if (JSON.stringify(after) === JSON.stringify(before)) return { featured: before };
      await deps.transaction(async (tx) => {
        await deps.storeFeatured(after, tx);
        await deps.audit(
          { actorId: user.id, action: on ? 'article.feature' : 'article.unfeature', targetType: 'article', targetId: String(id), before: { featured: before }, after: { featured: after } },
          tx,
        );
      });
      await deps.settingsChanged();
      return { featured: after };
    },
  };
}
export type ContentStaffService = ReturnType<typeof createContentStaffService>;
