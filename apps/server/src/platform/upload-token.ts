import { hmac, safeEqual } from './crypto.ts';

/** What an upload token allows: who uploads, until when (Unix seconds), into which area. */
export interface UploadGrant {
  uid: number;
  exp: number;
  scope: string;
}

export const UPLOAD_TOKEN_TTL_SECONDS = 3600;

/**
 * Our own counterpart of a storage provider's upload token (the spec's getQiniuToken):
 * base64url(JSON grant) + "." + HMAC-SHA256, verified by our upload endpoint without a lookup.
 */
export function signUploadToken(secret: string, grant: UploadGrant): string {
  const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${body}.${hmac(secret, `upload:${body}`)}`;
}

export function verifyUploadToken(secret: string, token: string, nowSeconds: number): UploadGrant | null {
  const [body, sig] = token.split('.');
  if (!body || !sig || !safeEqual(sig, hmac(secret, `upload:${body}`))) return null;
  try {
    const grant = JSON.parse(Buffer.from(body, 'base64url').toString()) as UploadGrant;
    return grant.exp > nowSeconds ? grant : null;
  } catch {
    return null;
  }
}
