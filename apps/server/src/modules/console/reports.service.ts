import type { ReportAction, ReportGroup, ReportTargetType } from '@livesports/contracts/console';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, conflict, forbidden } from '../../platform/errors.ts';
import type { AuditService } from './audit.service.ts';
import { type ReportState, type ReportsRepo, type Target, targetKey } from './reports.repo.ts';

export interface ReportsDeps {
  repo: ReportsRepo;
  clock: Clock;
  audit: AuditService;
  /** Takes content off the site as a moderator would delete it (counts and caches kept right by its module). */
  hide: Partial<Record<ReportTargetType, (id: number, actor: AuthUser) => Promise<void>>>;
  /**
   * Site-wide mutes and bans, owned by the account module (`app.account.sanctions`): it checks who
   * may sanction whom, ends a banned user's sessions and broadcast, and audits the sanction itself.
   */
  sanctions: {
    impose(actor: AuthUser, input: { userId: number; kind: 'mute' | 'ban'; minutes: number | null; reason: string }): Promise<unknown>;
    /** The strongest sanction running now for each of these people (ban over mute). */
    active(userIds: number[]): Promise<Map<number, 'mute' | 'ban'>>;
  };
}

interface Snapshot {
  content: ReportGroup['content'];
  authorId: number | null;
}

/** The reports queue: grouped by target, each handled in one click for every report of it. */
export function createReportsService(deps: ReportsDeps) {
  const { repo, clock, audit } = deps;

  /** What each target is now: its text, whether it is shown, its page, its author. */
  async function snapshots(targets: Target[]): Promise<Map<string, Snapshot>> {
    const ids = (type: ReportTargetType) => targets.filter((t) => t.type === type).map((t) => t.id);
    const [ps, cs, as, rs] = await Promise.all([repo.posts(ids('post')), repo.comments(ids('comment')), repo.articles(ids('article')), repo.rooms(ids('room'))]);
    const out = new Map<string, Snapshot>();
    for (const p of ps) out.set(`post:${p.id}`, { authorId: p.authorId, content: { title: '', text: p.content, visible: p.status === 1, page: { kind: 'post', id: p.id } } });
    for (const c of cs)
      out.set(`comment:${c.id}`, {
        authorId: c.userId,
        content: { title: '', text: c.content, visible: c.status === 1, page: c.postId != null ? { kind: 'post', id: c.postId } : c.articleId != null ? { kind: 'article', id: c.articleId } : null },
      });
    for (const a of as) out.set(`article:${a.id}`, { authorId: a.authorId, content: { title: a.title, text: a.summary, visible: a.status === 1, page: { kind: 'article', id: a.id } } });
    for (const r of rs) out.set(`room:${r.id}`, { authorId: r.id, content: { title: r.title, text: '', visible: true, page: { kind: 'room', id: r.id } } });
    // A chat report names the person who wrote the line; the reported lines are in the reports' details.
    for (const id of ids('chat')) out.set(`chat:${id}`, { authorId: id, content: { title: '', text: '', visible: true, page: null } });
    return out;
  }

  return {
    async list(input: { status: ReportState; target_type?: ReportTargetType; page: number; limit: number }) {
      const { list, total } = await repo.groups({ status: input.status, targetType: input.target_type, page: input.page, limit: input.limit });
      const targets: Target[] = list.map((g) => ({ type: g.type, id: g.id }));
      const [{ reasons, latest }, snaps] = await Promise.all([repo.details(targets, input.status), snapshots(targets)]);
      const authorIds = [...new Set([...snaps.values()].map((s) => s.authorId).filter((id): id is number => id != null))];
      const [authors, sanctioned] = await Promise.all([repo.users(authorIds), deps.sanctions.active(authorIds)]);
      const byId = new Map(authors.map((a) => [a.id, a]));
      const groups: ReportGroup[] = list.map((g) => {
        const k = targetKey({ type: g.type, id: g.id });
        const snap = snaps.get(k);
        const author = snap?.authorId != null ? byId.get(snap.authorId) : undefined;
        return {
          target_type: g.type,
          target_id: g.id,
          count: g.n,
          reasons: Object.fromEntries(reasons.filter((r) => `${r.type}:${r.id}` === k).map((r) => [r.reason, r.n])),
          first_at: g.first_at.toISOString(),
          last_at: g.last_at.toISOString(),
          reports: latest
            .filter((r) => `${r.type}:${r.id}` === k)
            .map((r) => ({ reporter: { id: r.reporter_id, nickname: r.nickname, avatar: r.avatar }, reason: r.reason, detail: r.detail, created_at: r.created_at.toISOString() })),
          content: snap?.content ?? null,
          author: author ? { id: author.id, nickname: author.nickname, avatar: author.avatar, sanction: sanctioned.get(author.id) ?? null } : null,
          status: input.status,
        };
      });
      return { list: groups, total, page: input.page };
    },

    async handle(actor: AuthUser, input: { target_type: ReportTargetType; target_id: number; action: ReportAction; hours?: number; reason: string }) {
      const target: Target = { type: input.target_type, id: input.target_id };
      const open = await repo.openCount(target);
      // Another moderator got there first (or nobody reported it): nothing to do twice.
      if (!open) throw conflict('console.report_none');
      const snap = (await snapshots([target])).get(targetKey(target)) ?? null;
      const now = clock.now();
      const before = { reports: open, visible: snap?.content?.visible ?? null, author_id: snap?.authorId ?? null };
      let after: Record<string, unknown> = {};

      if (input.action === 'hide') {
        const hide = deps.hide[target.type];
        if (!hide) throw badInput('console.hide_unsupported');
        if (snap?.content?.visible) await hide(target.id, actor);
        after = { visible: false };
      }
      let sanction: { userId: number; kind: 'mute' | 'ban'; minutes: number | null; reason: string } | null = null;
      if (input.action === 'mute' || input.action === 'ban') {
        const [author] = snap?.authorId != null ? await repo.users([snap.authorId]) : [];
        if (!author) throw badInput('console.author_gone');
        // Staff answer to an administrator, not to the reports queue.
        if (author.isAdmin === 1 || author.isModerator === 1) throw forbidden('console.staff_untouchable');
        const endsAt = input.hours ? new Date(now.getTime() + input.hours * 3_600_000) : null;
        sanction = { userId: author.id, kind: input.action, minutes: input.hours ? input.hours * 60 : null, reason: input.reason };
        after = { sanction: input.action, user_id: author.id, ends_at: endsAt?.toISOString() ?? null };
      }

      const status = input.action === 'dismiss' ? 'dismissed' : 'actioned';
      // The sanction first, in the account module's own transaction (it is audited there as
      // user.mute / user.ban); the reports close only once it holds.
      if (sanction) await deps.sanctions.impose(actor, sanction);
      const handled = await repo.transaction(async (tx) => {
        const n = await repo.close(tx, target, status, actor.id, now);
        await audit.record(
          { actorId: actor.id, action: `report.${input.action}`, targetType: target.type, targetId: String(target.id), before, after: { ...after, reports: 0, status }, reason: input.reason },
          tx,
        );
        return n;
      });
      return { handled, status } as const;
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
