import { z } from 'zod';
import { defineCall } from './call.ts';
import { pageFields } from './live.ts';

// Becoming an anchor (spec §4 states, §5 rules, §7 api/Member/verified and getVerifiedInfo).
// The application doubles as the real-name verification: the form carries the real name and ID
// number, and the review that approves the anchor also confirms who they are.

/** Application states. "submitted" and "under review" are the spec's; approved sets is_anchor 1. */
export const ApplicationStatus = { NONE: -1, SUBMITTED: 0, UNDER_REVIEW: 1, APPROVED: 2, REJECTED: 3 } as const;
export type ApplicationStatusValue = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];

/** Each state by name, as the applicant and the console show it (the numbers stay on the wire too). */
export const APPLICATION_STATES = ['none', 'submitted', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];
export const applicationState = (status: number): ApplicationState => APPLICATION_STATES[status + 1] ?? 'none';

/**
 * Review decisions by name. Two bare numbers (2 approve, 3 reject) are easy to swap by hand, so
 * the review call takes these words (or the state names they lead to); the numbers keep working.
 */
export const REVIEW_DECISIONS = { review: 1, approve: 2, reject: 3 } as const;
export type ReviewDecision = keyof typeof REVIEW_DECISIONS;
const DECISION_WORDS: Record<string, 1 | 2 | 3> = { ...REVIEW_DECISIONS, under_review: 1, approved: 2, rejected: 3 };
/** A decision as a word ("approve") or the spec's number (2, "2"); anything else fails. */
const reviewDecision = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const word = v.trim().toLowerCase();
    return DECISION_WORDS[word] ?? (/^\d+$/.test(word) ? Number(word) : word);
  },
  z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'live.review_status_invalid' }),
);

const text = (empty: string, max: number, long: string) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error: empty }).min(1, empty).max(max, long));
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error: 'live.invite_long' }).max(max, 'live.invite_long'));

/** Fields in form order: the first failing one decides the message. */
export const applicationInput = z.object({
  real_name: text('live.real_name_empty', 30, 'live.real_name_long'),
  id_number: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z
      .string({ error: 'live.id_number_empty' })
      .min(1, 'live.id_number_empty')
      .regex(/^[A-Za-z0-9-]{6,30}$/, 'live.id_number_invalid'),
  ),
  /** 1 football, 2 basketball, 3 esports, 4 general (the /anchor categories). */
  live_type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'live.live_type_invalid' }).pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'live.live_type_invalid' })),
  ),
  experience: text('live.experience_empty', 500, 'live.experience_long'),
  contact: text('live.contact_empty', 100, 'live.contact_long'),
  introduction: text('live.introduction_empty', 500, 'live.introduction_long'),
  /** The streaming agreement must be ticked. */
  agreement: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on', z.literal(true, { error: 'live.agreement_required' })),
  inviter: optionalText(30),
  invite_code: optionalText(32),
});
export type ApplicationInput = z.input<typeof applicationInput>;

export const applicationSchema = z.object({
  id: z.number(),
  status: z.number(),
  /** The status by name (submitted, under_review, approved, rejected). */
  state: z.enum(APPLICATION_STATES),
  /** Shown masked to the applicant (e.g. "Z*** Wei"), in full to administrators. */
  real_name: z.string(),
  id_number: z.string(),
  live_type: z.number(),
  experience: z.string(),
  contact: z.string(),
  introduction: z.string(),
  inviter: z.string(),
  invite_code: z.string(),
  /** Why it was rejected, when it was. */
  reason: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

export const verifiedInfoSchema = z.object({
  /** -1 never applied, else ApplicationStatus. */
  status: z.number(),
  /** The same by name ('none' when never applied). */
  state: z.enum(APPLICATION_STATES),
  is_anchor: z.union([z.literal(0), z.literal(1)]),
  /** Whether the site currently accepts applications (system setting apply_for_anchor). */
  open: z.boolean(),
  application: applicationSchema.nullable(),
});
export type VerifiedInfo = z.infer<typeof verifiedInfoSchema>;

/** Submit (or, after a rejection, resubmit) the anchor application. */
export const verified = defineCall({ method: 'POST', path: 'api/Member/verified', auth: true, input: applicationInput, data: verifiedInfoSchema });

export const getVerifiedInfo = defineCall({ method: 'POST', path: 'api/Member/getVerifiedInfo', writes: false, auth: true, input: z.object({}), data: verifiedInfoSchema });

export const adminApplicationSchema = applicationSchema.extend({ uid: z.number(), nickname: z.string(), email: z.string() });

/** Administrators: the applications to review, oldest pending first. */
export const listAnchorApplications = defineCall({
  method: 'GET',
  path: 'api/admin/anchorApplications',
  auth: true,
  role: 'admin',
  input: z.object({
    status: z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'live.review_status_invalid' }))
        .optional(),
    ),
    ...pageFields,
  }),
  data: z.object({ list: z.array(adminApplicationSchema), total: z.number(), page: z.number() }),
});

/**
 * Administrators: take an application under review, approve it (is_anchor 1) or reject it.
 * The decision is `decision: 'review' | 'approve' | 'reject'` or the spec's `status: 1 | 2 | 3`
 * (words accepted there too); given both, they must agree.
 */
export const reviewAnchorApplication = defineCall({
  method: 'POST',
  path: 'api/admin/reviewAnchor',
  auth: true,
  role: 'admin',
  input: z
    .object({
      id: z.coerce.number({ error: 'live.application_not_found' }).int('live.application_not_found').positive('live.application_not_found'),
      status: z.preprocess((v) => (v === '' || v === null ? undefined : v), reviewDecision.optional()),
      decision: z.preprocess((v) => (v === '' || v === null ? undefined : v), reviewDecision.optional()),
      reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error: 'live.reason_long' }).max(200, 'live.reason_long')),
    })
    .refine((v) => v.status !== undefined || v.decision !== undefined, { message: 'live.review_status_invalid', path: ['decision'] })
    .refine((v) => v.status === undefined || v.decision === undefined || v.status === v.decision, { message: 'live.review_decision_mismatch', path: ['decision'] })
    .transform(({ decision, status, ...rest }) => ({ ...rest, status: (decision ?? status)! })),
  data: adminApplicationSchema,
});
