import { type ActiveSanction, CODE_RESEND_SECONDS, CODE_TTL_SECONDS, type MemberInfo, type UserInfo, anchorLevel, isReservedNickname } from '@livesports/contracts/account';
import type { Lang } from '@livesports/contracts/messages';
import { ownPath } from '@livesports/contracts/return-path';
import type { Clock } from '../../platform/clock.ts';
import { numericCode, randomToken, sha256, shortCode } from '../../platform/crypto.ts';
import { AppError, badInput, conflict, forbidden, tooMany } from '../../platform/errors.ts';
import { oneAtATime } from '../../platform/one-at-a-time.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type PasswordHasher, createPasswordHasher } from '../../platform/password.ts';
import { UPLOAD_TOKEN_TTL_SECONDS, signUploadToken } from '../../platform/upload-token.ts';
import { isOwnUpload, isPresetAvatar, presetAvatars } from './avatars.ts';
import { codeMail, noticeMail } from './mail-templates.ts';
import type { AccountRepo, UserRow } from './repo.ts';
import type { ThirdPartyLogin, ThirdPartyProfile } from './third-party.ts';

export const SESSION_TTL_DAYS = 30;
/** Wrong guesses a mailed code survives before it is burnt. */
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong passwords for one account before logins to it wait (1, 2, 4… up to 60 minutes). */
export const LOGIN_MAX_FAILURES = 5;

export interface CaptchaGate {
  enabled: boolean;
  /** Consumes a one-time slider ticket; false when unknown, used or expired. */
  consumeTicket(ticket: string): Promise<boolean>;
}

export interface AccountDeps {
  repo: AccountRepo;
  mailer: Mailer;
  clock: Clock;
  captcha: CaptchaGate;
  thirdParty: ThirdPartyLogin;
  uploadSecret: string;
  siteName: string;
  /** A person's public face (name, avatar) changed: cached public reads showing people are dropped. */
  profileChanged?: (userId: number) => Promise<void>;
  /**
   * Sessions ended (sign-out: that one; a password change: all but `except`; a reset: all):
   * whatever else they opened (chat sockets) must end too, on every process.
   */
  sessionsEnded?: (ended: SessionsEnded) => Promise<void>;
  /** Site-wide sanctions: a banned user is refused a session; the member page shows what runs. */
  sanctions?: { assertNotBanned(userId: number): Promise<void>; active(userId: number): Promise<ActiveSanction[]> };
  /** argon2id at the configured cost (PASSWORD_HASH_COST); the standard cost when not given. */
  hasher?: PasswordHasher;
  /**
   * The payment password's counted check (the economy's: one counter and lock with withdrawals and
   * payout bindings, one check at a time per user). Without it the change form would be a way to
   * guess the 6 digits with no limit at all.
   */
  payPassword?: { verify(userId: number, hash: string, password: string): Promise<void> };
}

/** Which sessions just ended: one (`sessionId`), or all of a user's but `except`. */
export interface SessionsEnded {
  userId: number;
  sessionId?: number;
  except?: number;
}

export function createAccountService(deps: AccountDeps) {
  const { repo, clock } = deps;
  const hasher = deps.hasher ?? createPasswordHasher();
  /**
   * A hash of a random password, made once with the same settings as real ones: a login for an
   * unknown address (or an account with no password) is checked against it, so it costs the same
   * argon2 work as a wrong password for a registered address (issue #51 item 3: 19 ms against 435 ms
   * told who is registered).
   */
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hasher.hash(randomToken(16)));
  /**
   * One login check at a time per address (issue #51 item 8's class): the attempt is counted before
   * the password is checked and a right one clears the count, so parallel right passwords would
   * count each other into the lock. Past 32 waiting: "another request is in progress".
   */
  const oneLoginAtATime = oneAtATime(32, () => conflict('auth.login_busy'));
  // Made now, so the first unknown address does not pay for making it too.
  void dummy().catch(() => (dummyHash = undefined));
  const codeHash = (email: string, purpose: number, code: string) => sha256(`${email}:${purpose}:${code}`);

  async function toUserInfo(u: UserRow): Promise<UserInfo> {
    const { consumption } = await repo.balances(u.id);
    return {
      id: u.id,
      user_nickname: u.nickname,
      avatar: u.avatar,
      is_anchor: u.isAnchor ? 1 : 0,
      exp: u.anchorExp,
      level: anchorLevel(u.anchorExp),
      balance: consumption,
      is_admin: u.isAdmin ? 1 : 0,
    };
  }

  async function toMemberInfo(u: UserRow): Promise<MemberInfo> {
    const [info, { income }, sanctions] = await Promise.all([toUserInfo(u), repo.balances(u.id), deps.sanctions?.active(u.id) ?? []]);
    return {
      ...info,
      mobile: u.email ?? '',
      signature: u.signature,
      sex: (u.sex === 1 || u.sex === 2 ? u.sex : 0) as 0 | 1 | 2,
      invite_code: u.inviteCode,
      has_payment_password: u.paymentPasswordHash ? 1 : 0,
      has_password: u.passwordHash ? 1 : 0,
      income,
      wealth_exp: u.wealthExp,
      created_at: u.createdAt.toISOString(),
      third_party: u.googleSub ? ['google'] : [],
      sanctions,
    };
  }

  async function requireTicket(ticket: string | undefined) {
    if (!deps.captcha.enabled) return;
    if (!ticket) throw badInput('captcha.required');
    if (!(await deps.captcha.consumeTicket(ticket))) throw badInput('captcha.expired');
  }

  /** Checks a mailed code and uses it up; wrong guesses count against it. */
  async function useCode(email: string, purpose: number, code: string) {
    const now = clock.now();
    const row = await repo.latestCode(email, purpose);
    if (!row || row.usedAt || row.expiresAt <= now) throw badInput('auth.code_wrong');
    // Counted before the comparison, atomically: parallel guesses cannot all be compared.
    const n = await repo.claimCodeAttempt(row.id, CODE_MAX_ATTEMPTS, now);
    if (n === null || n > CODE_MAX_ATTEMPTS) throw badInput('auth.code_wrong');
    if (row.codeHash !== codeHash(email, purpose, code)) {
      if (n === CODE_MAX_ATTEMPTS) await repo.spendCode(row.id, now);
      throw badInput('auth.code_wrong');
    }
    if (!(await repo.useCode(row.id, now))) throw badInput('auth.code_wrong');
  }

  async function uniqueNickname(base: string): Promise<string> {
    const letters = base
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}_]/gu, '')
      .slice(0, 12);
    // An address like admin@… must not hand out a name only the site speaks as.
    const clean = !letters || isReservedNickname(letters) ? 'fan' : letters;
    for (let i = 0; i < 20; i++) {
      const candidate = `${clean}${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await repo.nicknameTaken(candidate))) return candidate;
    }
    return `${clean}${randomToken(4)}`.slice(0, 20);
  }

  async function uniqueInviteCode(): Promise<string> {
    for (;;) {
      const code = shortCode(8);
      if (!(await repo.findByInviteCode(code))) return code;
    }
  }

  async function newUser(values: { email: string | null; passwordHash: string | null; nickname: string; avatar?: string; invitedBy?: number; googleSub?: string }) {
    return repo.createUser({
      email: values.email,
      passwordHash: values.passwordHash,
      nickname: values.nickname,
      avatar: values.avatar ?? presetAvatars[Math.floor(Math.random() * presetAvatars.length)],
      inviteCode: await uniqueInviteCode(),
      invitedBy: values.invitedBy ?? null,
      googleSub: values.googleSub ?? null,
    });
  }

  async function openSession(u: UserRow, deviceType: string) {
    if (u.status !== 1) throw forbidden('auth.account_disabled');
    // A banned account gets no session (told why and until when; only once its password was right).
    await deps.sanctions?.assertNotBanned(u.id);
    const token = randomToken(32);
    const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_DAYS * 86400_000);
    await repo.createSession({ userId: u.id, tokenHash: sha256(token), deviceType, expiresAt });
    return { token, ...(await toUserInfo(u)) };
  }

  async function userForThirdParty(p: ThirdPartyProfile): Promise<UserRow> {
    const bySub = await repo.findByGoogleSub(p.sub);
    if (bySub) return bySub;
    const email = p.email?.toLowerCase();
    if (email && p.emailVerified) {
      const byEmail = await repo.findByEmail(email);
      // A verified address at the provider proves the same person: link instead of duplicating.
      if (byEmail) return repo.updateUser(byEmail.id, { googleSub: p.sub });
    }
    const nickname = await uniqueNickname(p.name ?? email?.split('@')[0] ?? 'fan');
    return newUser({ email: email && p.emailVerified ? email : null, passwordHash: null, nickname, googleSub: p.sub });
  }

  /** The password check of a login (one at a time per address, see oneLoginAtATime). */
  async function checkLogin(input: { mobile: string; password: string; device_type: string }) {
    const email = input.mobile.toLowerCase();
    // Per account, whatever address the guesses come from: numbered before the check (atomic),
    // locked with a growing delay from the fifth wrong one. Unknown addresses count the same
    // way, so the lock tells nothing about whether an account exists.
    const attempt = await repo.claimLogin(email, LOGIN_MAX_FAILURES, clock.now());
    const lockMinutes = () => Math.max(1, Math.ceil(((attempt.lockedUntil?.getTime() ?? clock.now().getTime() + 60_000) - clock.now().getTime()) / 60_000));
    if (!attempt.allowed) throw tooMany('auth.login_locked', { minutes: lockMinutes() });
    const u = await repo.findByEmail(input.mobile);
    // Same answer, and the same work, for unknown address and wrong password: no account probing
    // through login, by its message or by its time.
    const right = await hasher.verify(u?.passwordHash ?? (await dummy()), input.password);
    if (!u || !u.passwordHash || !right) {
      if (attempt.lockedUntil) throw tooMany('auth.login_locked', { minutes: lockMinutes() });
      throw badInput('auth.wrong_credentials');
    }
    await repo.clearLogin(email);
    return openSession(u, input.device_type);
  }

  return {
    toUserInfo,

    async resolveToken(token: string): Promise<AuthUser | null> {
      const row = await repo.findSession(sha256(token), clock.now());
      if (!row || row.status !== 1) return null;
      return { id: row.userId, isAnchor: row.isAnchor === 1, isAdmin: row.isAdmin === 1, isModerator: row.isModerator === 1 || row.isAdmin === 1, sessionId: row.sessionId };
    },

    async requestCode(input: { mobile: string; type: 1 | 2 }, lang: Lang) {
      const email = input.mobile;
      const exists = await repo.findByEmail(email);
      // The answer is the same whether or not the address has an account (no probing who is
      // registered): a code that would not help becomes a mail saying what to do instead.
      const useless = (input.type === 1 && !!exists) || (input.type === 2 && !exists);
      // A banned account gets no reset code (issue #51 item 9): told the ban's reason and end, as at login.
      if (input.type === 2 && exists) await deps.sanctions?.assertNotBanned(exists.id);
      const now = clock.now();
      const last = await repo.latestCode(email, input.type);
      if (last) {
        const wait = Math.ceil((last.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
        if (wait > 0) throw tooMany('auth.code_wait', { seconds: wait });
      }
      const code = numericCode(6);
      await repo.insertCode({
        email,
        purpose: input.type,
        codeHash: codeHash(email, input.type, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      });
      const mail = useless ? noticeMail(lang, input.type, deps.siteName) : codeMail(lang, code, input.type, CODE_TTL_SECONDS / 60, deps.siteName);
      try {
        await deps.mailer.send(email, mail.subject, mail.text);
      } catch (err) {
        // The mail did not leave: let the user ask again at once instead of waiting 60 s.
        const row = await repo.latestCode(email, input.type);
        if (row) await repo.deleteCode(row.id);
        throw new AppError('auth.mail_failed', 502, 1, { reason: (err as Error).message });
      }
      return { resend_in: CODE_RESEND_SECONDS };
    },

    async register(input: { mobile: string; code: string; password: string; invite?: string; ticket?: string }) {
      await requireTicket(input.ticket);
      const inviter = input.invite ? await repo.findByInviteCode(input.invite) : null;
      if (input.invite && !inviter) throw badInput('auth.invite_unknown');
      // The code first: a registered address never gets a sign-up code, so it answers like a wrong one.
      await useCode(input.mobile, 1, input.code);
      if (await repo.findByEmail(input.mobile)) throw conflict('auth.email_taken');
      const passwordHash = await hasher.hash(input.password);
      try {
        await newUser({ email: input.mobile, passwordHash, nickname: await uniqueNickname(input.mobile.split('@')[0]), invitedBy: inviter?.id });
      } catch (err) {
        // Two registrations of one address racing: the unique index decides.
        if (await repo.findByEmail(input.mobile)) throw conflict('auth.email_taken');
        throw err;
      }
    },

    async login(input: { mobile: string; password: string; ticket?: string; device_type: string }) {
      await requireTicket(input.ticket);
      return oneLoginAtATime(input.mobile.toLowerCase(), () => checkLogin(input));
    },

    async loginThirdParty(input: { token: string; device_type: string }) {
      if (!deps.thirdParty.available()) throw badInput('auth.third_unsupported');
      const profile = await deps.thirdParty.finish(input.token);
      const u = await userForThirdParty(profile);
      // Checked again on the way out: a state saved before the rule tightened cannot send anyone away.
      return { ...(await openSession(u, input.device_type)), redirect: ownPath(profile.redirect) ?? '/main' };
    },

    async startThirdParty(redirect: string | undefined) {
      if (!deps.thirdParty.available()) throw badInput('auth.third_unsupported');
      // Only a path of this site, normalised (issue #51 item 9: `/\evil.example` was kept).
      const safe = ownPath(redirect) ?? '/main';
      return { oauth_url: await deps.thirdParty.start(safe) };
    },

    async forgotPassword(input: { mobile: string; code: string; password: string }) {
      // The code first: an unknown address answers like a wrong code (no probing who is registered).
      await useCode(input.mobile, 2, input.code);
      const u = await repo.findByEmail(input.mobile);
      if (!u) throw badInput('auth.code_wrong');
      // A code sent before the ban does not reset a banned account's password either.
      await deps.sanctions?.assertNotBanned(u.id);
      await repo.updateUser(u.id, { passwordHash: await hasher.hash(input.password) });
      // A reset password ends every open session: whoever knew the old one is out.
      await repo.deleteSessionsOf(u.id);
      await deps.sessionsEnded?.({ userId: u.id });
    },

    async info(user: AuthUser) {
      const u = await repo.findById(user.id);
      if (!u) throw new AppError('auth.verification_failed', 401, 700);
      return toUserInfo(u);
    },

    async memberInfo(user: AuthUser) {
      const u = await repo.findById(user.id);
      if (!u) throw new AppError('auth.verification_failed', 401, 700);
      return toMemberInfo(u);
    },

    async updateInfo(user: AuthUser, input: { user_nickname?: string; avatar?: string; signature?: string; sex?: 0 | 1 | 2 }) {
      const patch: Partial<UserRow> = {};
      if (input.user_nickname !== undefined) {
        if (await repo.nicknameTaken(input.user_nickname, user.id)) throw conflict('member.nickname_taken');
        patch.nickname = input.user_nickname;
      }
      if (input.avatar !== undefined) {
        // A built-in avatar, or a finished picture this user uploaded (not another user's file, not a missing one).
        if (!isPresetAvatar(input.avatar) && !(isOwnUpload(input.avatar) && (await repo.ownPicture(input.avatar, user.id)))) throw badInput('member.avatar_invalid');
        patch.avatar = input.avatar;
      }
      if (input.signature !== undefined) patch.signature = input.signature.trim();
      if (input.sex !== undefined) patch.sex = input.sex;
      if (Object.keys(patch).length === 0) throw badInput('member.nothing_to_update');
      try {
        const info = toMemberInfo(await repo.updateUser(user.id, patch));
        if (patch.nickname !== undefined || patch.avatar !== undefined) await deps.profileChanged?.(user.id);
        return info;
      } catch (err) {
        if (patch.nickname && (await repo.nicknameTaken(patch.nickname, user.id))) throw conflict('member.nickname_taken');
        throw err;
      }
    },

    async signOut(user: AuthUser) {
      await repo.deleteSession(user.sessionId);
      await deps.sessionsEnded?.({ userId: user.id, sessionId: user.sessionId });
    },

    /** Whether a session is still open for an active user (the chat checks credentials with it). */
    sessionActive: (sessionId: number, userId: number) => repo.sessionActive(sessionId, userId, clock.now()),

    async setPaymentPassword(user: AuthUser, input: { password: string; old_password?: string }) {
      const u = await repo.findById(user.id);
      if (!u) throw new AppError('auth.verification_failed', 401, 700);
      if (u.paymentPasswordHash) {
        if (!input.old_password) throw badInput('member.pay_password_old_empty');
        if (deps.payPassword) await deps.payPassword.verify(u.id, u.paymentPasswordHash, input.old_password);
        else if (!(await hasher.verify(u.paymentPasswordHash, input.old_password))) throw badInput('member.pay_password_old_wrong');
      }
      await repo.updateUser(u.id, { paymentPasswordHash: await hasher.hash(input.password) });
    },

    /** Password management: the current password proves it is the owner; other sessions end. */
    async changePassword(user: AuthUser, input: { old_password?: string; password: string }) {
      const u = await repo.findById(user.id);
      if (!u) throw new AppError('auth.verification_failed', 401, 700);
      if (u.passwordHash) {
        if (!input.old_password) throw badInput('member.old_password_empty');
        if (!(await hasher.verify(u.passwordHash, input.old_password))) throw badInput('member.old_password_wrong');
      }
      await repo.updateUser(u.id, { passwordHash: await hasher.hash(input.password) });
      await repo.deleteSessionsOf(u.id, user.sessionId);
      await deps.sessionsEnded?.({ userId: u.id, except: user.sessionId });
    },

    uploadToken(user: AuthUser) {
      const exp = Math.floor(clock.now().getTime() / 1000) + UPLOAD_TOKEN_TTL_SECONDS;
      return signUploadToken(deps.uploadSecret, { uid: user.id, exp, scope: 'user' });
    },

    avatarList: () => presetAvatars,

    /** Third-party logins offered on the login form (api/Universal/getSystem third_login). */
    thirdLogins: (): string[] => (deps.thirdParty.available() ? ['google'] : []),

    /** The first administrator from ADMIN_EMAIL / ADMIN_PASSWORD, created or promoted at start. */
    async ensureAdmin(email: string, password: string) {
      const existing = await repo.findByEmail(email.toLowerCase());
      if (existing) {
        if (!existing.isAdmin) await repo.updateUser(existing.id, { isAdmin: 1 });
        return existing.id;
      }
      const u = await newUser({ email: email.toLowerCase(), passwordHash: await hasher.hash(password), nickname: await uniqueNickname('admin') });
      await repo.updateUser(u.id, { isAdmin: 1 });
      return u.id;
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
