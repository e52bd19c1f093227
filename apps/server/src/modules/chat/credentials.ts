import type { ImCredential } from '@livesports/contracts/chat';
import { TOURIST_PREFIX } from '@livesports/contracts/chat';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken } from '../../platform/crypto.ts';
import { readUserSig, signUserSig } from './usersig.ts';

/** Guests get a short credential (they re-ask on each visit); users one that covers a long session. */
export const TOURIST_TTL_SECONDS = 86_400;
export const USER_TTL_SECONDS = 7 * 86_400;

/** Who a verified credential belongs to, as the IM gateway sees it. */
export interface ChatIdentity {
  identifier: string;
  /** The user id for a member's credential, null for a tourist. */
  userId: number | null;
}

/** Mints and checks chat credentials with the server-side secret (spec §3, §5). */
export function createChatCredentials(deps: { sdkAppId: number; secret: string; clock: Clock; log?: { error(msg: string): void } }) {
  function mint(identifier: string, expire: number): ImCredential {
    const { sig, error } = signUserSig(deps.sdkAppId, deps.secret, identifier, expire, null, deps.clock);
    // Inputs come from settings and our own code, so a failure here is a misconfiguration.
    if (error) {
      deps.log?.error(`chat credential: ${error}`);
      throw new Error(error);
    }
    return { identifier, userSig: sig, sdkAppId: deps.sdkAppId, expire };
  }

  return {
    tourist: (): ImCredential => mint(TOURIST_PREFIX + randomToken(12), TOURIST_TTL_SECONDS),
    member: (user: AuthUser): ImCredential => mint(String(user.id), USER_TTL_SECONDS),
    /** The identity of a credential, or null when it is forged, foreign or expired. */
    verify(identifier: string, userSig: string): ChatIdentity | null {
      const claims = readUserSig(userSig, deps.sdkAppId, deps.secret, deps.clock.now());
      if (!claims || claims.identifier !== identifier) return null;
      if (/^[1-9]\d{0,15}$/.test(identifier)) return { identifier, userId: Number(identifier) };
      if (identifier.startsWith(TOURIST_PREFIX)) return { identifier, userId: null };
      return null;
    },
  };
}
export type ChatCredentials = ReturnType<typeof createChatCredentials>;
