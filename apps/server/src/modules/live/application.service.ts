import type { z } from 'zod';
import { type Application, type applicationInput, ApplicationStatus, applicationState, type VerifiedInfo } from '@livesports/contracts/live-anchor';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { ApplicationRepo, ApplicationRow, ApplicationTx } from './application.repo.ts';

/** Real names and ID numbers are shown to their owner masked, in full only to administrators. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? '*' : chars[0] + '*'.repeat(Math.min(chars.length - 1, 4));
}
export function maskIdNumber(id: string): string {
  if (id.length <= 5) return '*'.repeat(id.length);
  return id.slice(0, 3) + '*'.repeat(id.length - 5) + id.slice(-2);
}

function toApplication(row: ApplicationRow, masked: boolean): Application {
  return {
    id: row.id,
    status: row.status,
    state: applicationState(row.status),
    real_name: masked ? maskName(row.realName) : row.realName,
    id_number: masked ? maskIdNumber(row.idNumber) : row.idNumber,
    live_type: row.liveType,
    experience: row.experience,
    contact: row.contact,
    introduction: row.introduction,
    inviter: row.inviter,
    invite_code: row.inviteCode,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface ApplicationDeps {
  repo: ApplicationRepo;
  clock: Clock;
  /** Whether the site takes applications now (system setting apply_for_anchor). */
  applicationsOpen: () => Promise<boolean>;
  /** Called when an application is approved: the new anchor gets a room right away. */
  onApproved: (userId: number, liveType: number) => Promise<void>;
  /** Records a review in the console's audit log, inside the review's transaction (absent in unit tests). */
  audit?: (entry: { actorId: number; action: string; targetType: string; targetId: string; before?: unknown; after?: unknown; reason?: string }, tx: ApplicationTx) => Promise<void>;
}

/** Anchor application and real-name verification (spec §4 states, §5 rules). */
export function createApplicationService(deps: ApplicationDeps) {
  const { repo, clock } = deps;

  async function info(user: AuthUser): Promise<VerifiedInfo> {
    const row = await repo.ofUser(user.id);
    const status = row ? row.status : ApplicationStatus.NONE;
    return {
      status,
      state: applicationState(status),
      is_anchor: user.isAnchor ? 1 : 0,
      open: await deps.applicationsOpen(),
      // A rejected applicant edits their answers and sends them again, so the form gets them whole;
      // while an application is pending or decided the owner sees the name and ID number masked.
      application: row ? toApplication(row, row.status !== ApplicationStatus.REJECTED) : null,
    };
  }

  function adminView(r: { app: ApplicationRow; nickname: string; email: string | null }) {
    return { ...toApplication(r.app, false), uid: r.app.userId, nickname: r.nickname, email: r.email ?? '' };
  }

  return {
    info,

    async submit(user: AuthUser, input: z.output<typeof applicationInput>): Promise<VerifiedInfo> {
      if (user.isAnchor) throw conflict('live.already_anchor');
      if (!(await deps.applicationsOpen())) throw forbidden('live.applications_closed');
      const saved = await repo.submit(
        user.id,
        {
          realName: input.real_name,
          idNumber: input.id_number.toUpperCase(),
          liveType: input.live_type,
          experience: input.experience,
          contact: input.contact,
          introduction: input.introduction,
          inviter: input.inviter,
          inviteCode: input.invite_code,
        },
        clock.now(),
      );
      // Only a rejected (or revoked) application is replaced; a pending one stays as it is.
      if (!saved) throw conflict('live.application_pending');
      return info(user);
    },

    async list(user: AuthUser, opts: { status?: number; page: number; limit: number }) {
      if (!user.isAdmin) throw forbidden();
      const { rows, total } = await repo.list(opts);
      return { list: rows.map(adminView), total, page: opts.page };
    },

    /** Administrators: 1 take under review, 2 approve (the user becomes an anchor), 3 reject. */
    async review(user: AuthUser, input: { id: number; status: 1 | 2 | 3; reason: string }) {
      if (!user.isAdmin) throw forbidden();
      const decided = await repo.decide(input.id, input.status, input.reason, user.id, clock.now(), (before, after, tx) =>
        deps.audit
          ? deps.audit(
              {
                actorId: user.id,
                action: `anchor.${({ 1: 'review', 2: 'approve', 3: 'reject' } as const)[input.status]}`,
                targetType: 'anchor_application',
                targetId: String(after.id),
                before: { status: before, user_id: after.userId },
                after: { status: after.status, user_id: after.userId },
                reason: input.reason,
              },
              tx,
            )
          : Promise.resolve(),
      );
      if (!decided) {
        if (!(await repo.find(input.id))) throw notFound('live.application_not_found');
        throw conflict('live.review_final');
      }
      if (input.status === ApplicationStatus.APPROVED) await deps.onApproved(decided.userId, decided.liveType);
      return adminView((await repo.withUser(input.id))!);
    },
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
