import type { ImCredential } from '@livesports/contracts/chat';
import { TOURIST_PREFIX } from '@livesports/contracts/chat';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomBytes } from 'node:crypto';
import { type UserSigClaims, readUserSig, signUserSig } from './usersig.ts';

/** Guests get a short credential (they re-ask on each visit); users one that covers a long session. */
export const TOURIST_TTL_SECONDS = 86_400;
export const USER_TTL_SECONDS = 7 * 86_400;

/** Who a verified credential belongs to, as the IM gateway sees it. */
export interface ChatIdentity {
  identifier: string;
  /** The user id for a member's credential, null for a tourist. */
  userId: number | null;
  /** The login session a member's credential was minted for: it ends with that session. */
  sessionId: number | null;
}

/** A member's credential carries its session in the userbuf: `s:<session id>`. */
const SESSION_BUF = /^s:([1-9]\d{0,15})$/;

/**
 * Random bytes for tourist identifiers, drawn a few thousand at a time: at kick-off thousands of
 * guests ask for a credential within seconds, and one call to the system's generator per guest
 * was a twentieth of the credential call's time (`npm run bench -- chat`, join phase).
 */
const TOURIST_ID_BYTES = 12;
let pool = Buffer.alloc(0);
let poolAt = 0;
function touristId(): string {
  if (poolAt + TOURIST_ID_BYTES > pool.length) {
    pool = randomBytes(TOURIST_ID_BYTES * 1024);
    poolAt = 0;
  }
  const id = pool.toString('base64url', poolAt, poolAt + TOURIST_ID_BYTES);
  poolAt += TOURIST_ID_BYTES;
  return id;
}

/** Credentials whose signature was checked, kept so that a reconnect is not checked again. */
const VERIFIED_MAX = 50_000;

/** Mints and checks chat credentials with the server-side secret (spec §3, §5). */
export function createChatCredentials(deps: { sdkAppId: number; secret: string; clock: Clock; log?: { error(msg: string): void } }) {
  // A credential is presented again on every reconnect (a viewer whose process went away, a network
  // change): its signature (inflate, JSON, HMAC) is checked once; the expiry on every use.
  const verified = new Map<string, UserSigClaims>();
  function claimsOf(userSig: string): UserSigClaims | null {
    const now = deps.clock.now();
    let claims = verified.get(userSig);
    if (!claims) {
      claims = readUserSig(userSig, deps.sdkAppId, deps.secret, now) ?? undefined;
      if (!claims) return null;
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(userSig, claims);
    }
    return Math.floor(now.getTime() / 1000) > claims.time + claims.expire ? null : claims;
  }

  function mint(identifier: string, expire: number, userbuf: string | null = null): ImCredential {
    // One instant for the credential and the claims remembered for it below.
    const at = deps.clock.now();
    const { sig, error } = signUserSig(deps.sdkAppId, deps.secret, identifier, expire, userbuf === null ? null : Buffer.from(userbuf), { now: () => at });
    // Inputs come from settings and our own code, so a failure here is a misconfiguration.
    if (error) {
      deps.log?.error(`chat credential: ${error}`);
      throw new Error(error);
    }
    // Minted here, so known good: the login that follows (within seconds, usually on this process)
    // skips inflating and checking it (at kick-off, thousands of guests mint and log in at once).
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(sig, { identifier, time: Math.floor(at.getTime() / 1000), expire, userbuf });
    return { identifier, userSig: sig, sdkAppId: deps.sdkAppId, expire };
  }

  return {
    tourist: (): ImCredential => mint(TOURIST_PREFIX + touristId(), TOURIST_TTL_SECONDS),
    /** A member's credential, tied to the login session that asked for it (sign-out ends it). */
    member: (user: AuthUser): ImCredential => mint(String(user.id), USER_TTL_SECONDS, `s:${user.sessionId}`),
    /**
     * The identity of a credential, or null when it is forged, foreign or expired. A member's must
     * name its session (the gateway then checks that the session is still open).
     */
    verify(identifier: string, userSig: string): ChatIdentity | null {
      const claims = claimsOf(userSig);
      if (!claims || claims.identifier !== identifier) return null;
      if (/^[1-9]\d{0,15}$/.test(identifier)) {
        const session = SESSION_BUF.exec(claims.userbuf ?? '');
        return session ? { identifier, userId: Number(identifier), sessionId: Number(session[1]) } : null;
      }
      if (identifier.startsWith(TOURIST_PREFIX)) return { identifier, userId: null, sessionId: null };
      return null;
    },
  };
}
export type ChatCredentials = ReturnType<typeof createChatCredentials>;
