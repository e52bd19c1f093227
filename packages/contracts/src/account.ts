import { z } from 'zod';
import { defineCall } from './call.ts';

// Rules from spec §5 and §9. The error messages are catalogue keys (messages.ts).
export const CODE_LENGTH = 6;
export const EMAIL_MAX = 100;
export const CODE_RESEND_SECONDS = 60;
export const CODE_TTL_SECONDS = 10 * 60;
export const PAY_PASSWORD_MIN = 6;
export const NICKNAME_MAX = 20;
export const SIGNATURE_MAX = 60;

/** Code request purpose: 1 register, 2 everything else (forgot password, payment password). */
export const CodeType = { REGISTER: 1, OTHER: 2 } as const;

/** Anchor level from experience: each level needs 1000 more points than the last. */
export function anchorLevel(exp: number): number {
  let level = 1;
  let need = 1000;
  let left = exp;
  while (left >= need) {
    left -= need;
    level += 1;
    need += 1000;
  }
  return level;
}

const trimmed = () => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: 'common.input_error' }));

// The spec calls the account field "mobile" but it holds an e-mail address.
export const emailField = trimmed()
  .pipe(z.string().min(1, 'auth.email_empty'))
  .pipe(z.string().max(EMAIL_MAX, 'auth.email_too_long'))
  .pipe(z.email('auth.email_invalid'))
  .transform((v) => v.toLowerCase());

const requiredEmail = z.preprocess((v) => v ?? '', emailField);

export const passwordField = z.preprocess(
  (v) => v ?? '',
  z
    .string({ error: 'common.input_error' })
    .min(1, 'auth.password_empty')
    .regex(/^[A-Za-z0-9]{6,12}$/, 'auth.password_rule'),
);

export const codeField = z.preprocess((v) => (v == null ? '' : String(v).trim()), z.string().min(1, 'auth.code_empty').length(CODE_LENGTH, 'auth.code_length'));

const deviceType = z.preprocess((v) => v ?? 'pc', z.enum(['pc', 'h5', 'android', 'ios'], { error: 'auth.device_type' }));
const optionalInvite = z.preprocess((v) => (v === '' || v == null ? undefined : String(v).trim()), z.string().max(32, 'common.input_error').optional());
// The slider-captcha ticket; the server demands it unless the operator turned CAPTCHA off.
const ticketField = z.preprocess((v) => (v == null || v === '' ? undefined : String(v)), z.string().optional());

/** What a client keeps about the logged-in user (spec §3 "stored user info"). */
export const userInfoSchema = z.object({
  id: z.number(),
  token: z.string().optional(),
  user_nickname: z.string(),
  avatar: z.string(),
  is_anchor: z.union([z.literal(0), z.literal(1)]),
  /** Anchor experience (shown as LV + exp). */
  exp: z.number(),
  level: z.number(),
  /** Consumption wallet balance, in tenths of a gold coin. */
  balance: z.number(),
  is_admin: z.union([z.literal(0), z.literal(1)]),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Site-wide sanctions (console): mute = no chat, danmaku, comments or posts; ban = no login. */
export const SANCTION_KINDS = ['mute', 'ban'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];
/** A running sanction as its owner is told about it (member page). `ends_at` null: permanent. */
export const activeSanctionSchema = z.object({ kind: z.enum(SANCTION_KINDS), reason: z.string(), ends_at: z.string().nullable() });
export type ActiveSanction = z.infer<typeof activeSanctionSchema>;

export const memberInfoSchema = userInfoSchema.extend({
  mobile: z.string(),
  signature: z.string(),
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  invite_code: z.string(),
  has_payment_password: z.union([z.literal(0), z.literal(1)]),
  /** 0 for accounts made by third-party login that never set a password. */
  has_password: z.union([z.literal(0), z.literal(1)]),
  /** Income wallet balance, in tenths of a gold coin. */
  income: z.number(),
  wealth_exp: z.number(),
  created_at: z.string(),
  third_party: z.array(z.string()),
  /** Running site-wide sanctions (a mute; a ban never reaches here since a banned user has no session). */
  sanctions: z.array(activeSanctionSchema),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const getCode = defineCall({
  method: 'POST',
  path: 'api/user/getCode',
  auth: false,
  input: z.object({
    mobile: requiredEmail,
    type: z.coerce.number({ error: 'auth.code_type' }).pipe(z.union([z.literal(1), z.literal(2)], { error: 'auth.code_type' })),
  }),
  data: z.object({ resend_in: z.number() }),
});

export const registered = defineCall({
  method: 'POST',
  path: 'api/user/registered',
  auth: false,
  input: z.object({
    mobile: requiredEmail,
    code: codeField,
    password: passwordField,
    invite: optionalInvite,
    ticket: ticketField,
    device_type: deviceType,
  }),
  data: z.null(),
});

const passwordLogin = z.object({
  mobile: requiredEmail,
  password: passwordField,
  ticket: ticketField,
  device_type: deviceType,
});

/** Third-party login (spec §3): type "third", the provider's callback as token, type_third "google". */
const thirdLogin = z.object({
  type: z.literal('third'),
  token: z.string().min(1, 'auth.third_failed'),
  type_third: z.literal('google', { error: 'auth.third_unsupported' }),
  device_type: deviceType,
});

export const login = defineCall({
  method: 'POST',
  path: 'api/user/login',
  auth: false,
  // A password login and a third-party login share the path; pick the schema by `type` so the
  // first failing field of that form decides the message (a plain union would report both).
  input: z.unknown().transform((v, ctx): z.output<typeof thirdLogin> | z.output<typeof passwordLogin> => {
    const body = (v ?? {}) as Record<string, unknown>;
    const r = body.type === 'third' ? thirdLogin.safeParse(body) : passwordLogin.safeParse(body);
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }),
  /** redirect: for a third-party login, the path the person started from. */
  data: userInfoSchema.extend({ token: z.string(), redirect: z.string().optional() }),
});
export const loginSchemas = { password: passwordLogin, third: thirdLogin };

export const loginWithTwitter = defineCall({
  method: 'POST',
  path: 'api/user/loginWithTwitter',
  auth: false,
  input: z.object({
    type_third: z.preprocess((v) => v ?? 'google', z.literal('google', { error: 'auth.third_unsupported' })),
    /** Where to come back to after login (a path of this site). */
    redirect: z.string().max(500).optional(),
  }),
  data: z.object({ oauth_url: z.string() }),
});

export const forgotPassword = defineCall({
  method: 'POST',
  path: 'api/user/forgotPassword',
  auth: false,
  input: z.object({ mobile: requiredEmail, code: codeField, password: passwordField }),
  data: z.null(),
});

export const userInfo = defineCall({
  method: 'GET',
  path: 'api/user/info',
  auth: true,
  input: z.object({ token: z.string().optional() }),
  data: userInfoSchema,
});

export const signOut = defineCall({ method: 'POST', path: '/api/Member/SignOut', auth: true, input: z.object({}), data: z.null() });

export const memberInfo = defineCall({ method: 'GET', path: 'api/Member/info', auth: true, input: z.object({}), data: memberInfoSchema });

/**
 * Characters a nickname may not hold: controls, invisible and zero-width ones (names that look
 * like someone else's) and bidirectional controls (which reorder the text around them).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const NICKNAME_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/;
/** Names only the site speaks as, in every interface language. */
export const RESERVED_NICKNAMES = [
  'admin',
  'administrator',
  'administrador',
  'system',
  'sistema',
  'root',
  'moderator',
  'moderador',
  'official',
  'oficial',
  'support',
  'soporte',
  'livesports',
  '管理员',
  '系统',
  '官方',
  '客服',
  '超管',
  '版主',
];
/** What two nicknames are compared by: NFKC (ｆｕｌｌwidth, ligatures), case, letters only. */
export const nicknameKey = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');
export const isReservedNickname = (name: string) => RESERVED_NICKNAMES.includes(nicknameKey(name));

/** A nickname as stored: NFKC-normalised and trimmed; no invisible or direction characters; not reserved. */
export const nicknameField = z.preprocess(
  (v) => (typeof v === 'string' ? v.normalize('NFKC').trim() : v),
  z
    .string({ error: 'member.nickname_empty' })
    .min(1, 'member.nickname_empty')
    .max(NICKNAME_MAX, 'member.nickname_long')
    .refine((s) => !NICKNAME_FORBIDDEN.test(s), 'member.nickname_chars')
    .refine((s) => !isReservedNickname(s), 'member.nickname_reserved'),
);

export const updateInfo = defineCall({
  method: 'POST',
  path: 'api/member/updateInfo',
  auth: true,
  input: z.object({
    user_nickname: nicknameField.optional(),
    avatar: z.string().max(500, 'member.avatar_invalid').optional(),
    signature: z.string().max(SIGNATURE_MAX, 'member.signature_long').optional(),
    sex: z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'member.sex_invalid' }))
      .optional(),
  }),
  data: memberInfoSchema,
});

export const avatarList = defineCall({ method: 'GET', path: 'api/user/avatarList', auth: false, input: z.object({}), data: z.array(z.string()) });

const payPassword = z.preprocess((v) => (v == null ? '' : String(v)), z.string().regex(new RegExp(`^\\d{${PAY_PASSWORD_MIN},}$`), 'member.pay_password_rule'));

export const paymentPassword = defineCall({
  method: 'POST',
  path: 'api/Member/paymentPassword',
  auth: true,
  input: z
    .object({
      password: payPassword,
      confirm_password: z.preprocess((v) => (v == null ? '' : String(v)), z.string()),
      /** Required when a payment password is already set. */
      old_password: z.preprocess((v) => (v == null || v === '' ? undefined : String(v)), z.string().optional()),
    })
    .refine((v) => v.password === v.confirm_password, { message: 'auth.passwords_mismatch', path: ['confirm_password'] }),
  data: z.null(),
});

export const getQiniuToken = defineCall({
  method: 'POST',
  path: 'api/Member/getQiniuToken',
  auth: true,
  input: z.object({}),
  /** A signed, expiring token for our own upload endpoint. */
  data: z.string(),
});

/** Change the login password from the member center (password management). */
export const changePassword = defineCall({
  method: 'POST',
  path: 'api/Member/changePassword',
  auth: true,
  input: z
    .object({
      /** Required when the account has a password (accounts made by Google login may not). */
      old_password: z.preprocess((v) => (v == null || v === '' ? undefined : String(v)), z.string().optional()),
      password: passwordField,
      confirm_password: z.preprocess((v) => (v == null ? '' : String(v)), z.string().min(1, 'auth.same_password')),
    })
    .refine((v) => v.password === v.confirm_password, { message: 'auth.passwords_mismatch', path: ['confirm_password'] }),
  data: z.null(),
});
