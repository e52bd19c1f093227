import type { ConsoleUserDetail, ConsoleUserRow } from '@livesports/contracts/console-users';
import type { ActiveSanction } from '@livesports/contracts/account';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { ConsoleUsersRepo } from './console-users.repo.ts';
import type { UserRow } from './repo.ts';
import type { SanctionsService } from './sanctions.service.ts';

/** The console's Users pages: search, and one account's profile, money, room, reports and sanctions. */
export function createConsoleUsersService(deps: { repo: ConsoleUsersRepo; sanctions: SanctionsService; clock: Clock }) {
  const { repo, sanctions } = deps;

  function row(u: UserRow, viewer: AuthUser, active: ActiveSanction[]): ConsoleUserRow {
    return {
      id: u.id,
      nickname: u.nickname,
      avatar: u.avatar,
      // Addresses are personal data: administrators only.
      email: viewer.isAdmin ? u.email : null,
      is_anchor: u.isAnchor === 1,
      is_moderator: u.isModerator === 1 || u.isAdmin === 1,
      is_admin: u.isAdmin === 1,
      status: u.status,
      created_at: u.createdAt.toISOString(),
      sanctions: active,
    };
  }

  async function requireUser(id: number) {
    const u = await repo.user(id);
    if (!u) throw notFound('console_users.user_not_found');
    return u;
  }

  return {
    async search(viewer: AuthUser, input: { q: string; page: number; limit: number }) {
      const { list, total } = await repo.search(input.q, viewer.isAdmin, input.page, input.limit);
      const active = await sanctions.activeMany(list.map((u) => u.id));
      return { list: list.map((u) => row(u, viewer, active.get(u.id) ?? [])), total, page: input.page };
    },

    async detail(viewer: AuthUser, id: number): Promise<ConsoleUserDetail> {
      const u = await requireUser(id);
      const [active, invitedBy, open, counts, sanctionCount] = await Promise.all([
        sanctions.active(id),
        repo.person(u.invitedBy),
        repo.openSessions(id, deps.clock.now()),
        repo.counts(id),
        sanctions.count(id),
      ]);
      return {
        ...row(u, viewer, active),
        signature: u.signature,
        sex: u.sex,
        invite_code: u.inviteCode,
        invited_by: invitedBy,
        anchor_exp: u.anchorExp,
        wealth_exp: u.wealthExp,
        sessions: open,
        third_party: u.googleSub ? ['google'] : [],
        counts: { ...counts, sanctions: sanctionCount },
        can: { mute: !sanctions.may(viewer, u, 'mute'), ban: !sanctions.may(viewer, u, 'ban'), money: viewer.isAdmin },
      };
    },

    async ledger(id: number, page: number, limit: number) {
      await requireUser(id);
      const [w, { list, total }] = await Promise.all([repo.wallets(id), repo.ledger(id, page, limit)]);
      return { wallets: w, list, total, page };
    },

    async orders(id: number, page: number, limit: number) {
      await requireUser(id);
      const { list, total } = await repo.orders(id, page, limit);
      return {
        list: list.map((o) => ({
          id: o.id,
          order_no: o.orderNo,
          coins: o.coins,
          money: o.money,
          currency: o.currency,
          provider: o.provider,
          status: o.status,
          created_at: o.createdAt.toISOString(),
          paid_at: o.paidAt?.toISOString() ?? null,
        })),
        total,
        page,
      };
    },

    async withdrawals(id: number, page: number, limit: number) {
      await requireUser(id);
      const { list, total } = await repo.withdrawals(id, page, limit);
      return {
        list: list.map((w) => ({
          id: w.id,
          method: w.method,
          money: w.money,
          payout: w.payout,
          status: w.status,
          reason: w.reason,
          created_at: w.createdAt.toISOString(),
          reviewed_at: w.reviewedAt?.toISOString() ?? null,
        })),
        total,
        page,
      };
    },

    async rooms(id: number, page: number, limit: number) {
      await requireUser(id);
      const room = await repo.room(id);
      if (!room) return { room: null, list: [], total: 0, page };
      const { list, total } = await repo.broadcasts(room.id, page, limit);
      return {
        room: { room_id: room.id, title: room.title, status: room.status, type: room.type, live_since: room.liveSince?.toISOString() ?? null, created_at: room.createdAt.toISOString() },
        list: list.map((b) => ({ id: b.id, title: b.title, started_at: b.startedAt.toISOString(), ended_at: b.endedAt?.toISOString() ?? null, peak_viewers: b.peakViewers })),
        total,
        page,
      };
    },

    async reports(id: number, page: number, limit: number) {
      await requireUser(id);
      const { list, total } = await repo.reports(id, page, limit);
      return {
        list: list.map(({ r, nickname, avatar }) => ({
          id: r.id,
          target_type: r.targetType,
          target_id: r.targetId,
          reason: r.reason,
          detail: r.detail,
          status: r.status,
          reporter: nickname == null ? null : { id: r.reporterId, nickname, avatar: avatar ?? '' },
          created_at: r.createdAt.toISOString(),
        })),
        total,
        page,
      };
    },

    async sanctionHistory(id: number, page: number, limit: number) {
      await requireUser(id);
      return sanctions.history(id, page, limit);
    },
  };
}
export type ConsoleUsersService = ReturnType<typeof createConsoleUsersService>;
