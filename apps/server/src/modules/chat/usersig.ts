import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { type Clock, systemClock } from '../../platform/clock.ts';

/**
 * The chat credential (spec §3 "signed chat credential"): a UserSig in the format of Tencent Cloud's
 * tls-sig-api-v2, so the same inputs and time give byte-for-byte the same string. The server mints
 * it (the secret never reaches the browser) and the IM gateway verifies it.
 */

/** Input errors, checked in this order; the texts are the spec's (§8). */
export const USERSIG_ERRORS = {
  sdkAppId: 'sdkAppID must be a number',
  secret: 'privateKey must be a string',
  userId: 'userID must be a string',
  expire: 'expireTime must be a number',
} as const;

export interface UserSigResult {
  /** The credential, or '' when an input was wrong. */
  sig: string;
  error: string | null;
}

// The format's URL-safe base64: + → *, / → -, = → _ (not RFC 4648's base64url).
const escape = (b64: string) => b64.replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_');
const unescape = (s: string) => s.replace(/_/g, '=').replace(/-/g, '/').replace(/\*/g, '+');

/** base64(HMAC-SHA256(secret, labelled lines)); the userbuf line only when there is one. */
function signature(secret: string, identifier: string, sdkAppId: number, time: number, expire: number, userbuf: string | null): string {
  let content = `TLS.identifier:${identifier}\n`;
  content += `TLS.sdkappid:${sdkAppId}\n`;
  content += `TLS.time:${time}\n`;
  content += `TLS.expire:${expire}\n`;
  if (userbuf !== null) content += `TLS.userbuf:${userbuf}\n`;
  return createHmac('sha256', secret).update(content).digest('base64');
}

/** Like genUserSig, but hands back the input error too, for callers that want to log or show it. */
export function signUserSig(sdkAppId: unknown, secret: unknown, userId: unknown, expireSeconds: unknown, userbuf?: Uint8Array | null, clock: Clock = systemClock): UserSigResult {
  if (typeof sdkAppId !== 'number' || !Number.isFinite(sdkAppId)) return { sig: '', error: USERSIG_ERRORS.sdkAppId };
  if (typeof secret !== 'string') return { sig: '', error: USERSIG_ERRORS.secret };
  if (typeof userId !== 'string') return { sig: '', error: USERSIG_ERRORS.userId };
  if (typeof expireSeconds !== 'number' || !Number.isFinite(expireSeconds)) return { sig: '', error: USERSIG_ERRORS.expire };

  const time = Math.floor(clock.now().getTime() / 1000);
  const b64UserBuf = userbuf ? Buffer.from(userbuf).toString('base64') : null;
  // Key order matters for byte equality with the published implementation.
  const doc: Record<string, string | number> = {
    'TLS.ver': '2.0',
    'TLS.identifier': userId,
    'TLS.sdkappid': sdkAppId,
    'TLS.time': time,
    'TLS.expire': expireSeconds,
  };
  if (b64UserBuf !== null) doc['TLS.userbuf'] = b64UserBuf;
  doc['TLS.sig'] = signature(secret, userId, sdkAppId, time, expireSeconds, b64UserBuf);
  return { sig: escape(deflateSync(Buffer.from(JSON.stringify(doc))).toString('base64')), error: null };
}

/** A UserSig for `userId`, valid `expireSeconds` from now; '' when an input is wrong. */
export function genUserSig(sdkAppId: unknown, secret: unknown, userId: unknown, expireSeconds: unknown, userbuf?: Uint8Array | null, clock: Clock = systemClock): string {
  return signUserSig(sdkAppId, secret, userId, expireSeconds, userbuf, clock).sig;
}

/** What a valid credential carries. */
export interface UserSigClaims {
  identifier: string;
  time: number;
  expire: number;
  /** The userbuf the credential carries (decoded), when it has one. */
  userbuf: string | null;
}

/** Reads and checks a credential (format, signature, app id, expiry); null when any check fails. */
export function readUserSig(sig: string, sdkAppId: number, secret: string, now: Date): UserSigClaims | null {
  if (typeof sig !== 'string' || sig.length === 0 || sig.length > 4096) return null;
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(inflateSync(Buffer.from(unescape(sig), 'base64'), { maxOutputLength: 16 * 1024 }).toString('utf8'));
  } catch {
    return null;
  }
  if (!doc || typeof doc !== 'object') return null;
  const identifier = doc['TLS.identifier'];
  const appId = doc['TLS.sdkappid'];
  const time = doc['TLS.time'];
  const expire = doc['TLS.expire'];
  const userbuf = doc['TLS.userbuf'];
  const mac = doc['TLS.sig'];
  if (doc['TLS.ver'] !== '2.0' || typeof identifier !== 'string' || typeof mac !== 'string') return null;
  if (typeof time !== 'number' || typeof expire !== 'number' || !Number.isFinite(time) || !Number.isFinite(expire)) return null;
  if (userbuf !== undefined && typeof userbuf !== 'string') return null;
  if (appId !== sdkAppId) return null;
  const expected = Buffer.from(signature(secret, identifier, sdkAppId, time, expire, userbuf ?? null));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  // Same rule as the published verifier: expired once now is past time + expire.
  if (Math.floor(now.getTime() / 1000) > time + expire) return null;
  return { identifier, time, expire, userbuf: userbuf === undefined ? null : Buffer.from(userbuf, 'base64').toString('utf8') };
}

/** The identifier a valid credential was minted for, or null (bad signature, other app, expired). */
export function verifyUserSig(sig: string, sdkAppId: number, secret: string, now: Date = new Date()): string | null {
  return readUserSig(sig, sdkAppId, secret, now)?.identifier ?? null;
}
