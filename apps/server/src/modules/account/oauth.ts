import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { createOAuthStateRepo } from './oauth-state.repo.ts';
import type { ThirdPartyLogin, ThirdPartyProfile } from './third-party.ts';

const PROVIDER = 'google';
const SCOPE = 'openid email profile';
/** Long enough to sign in and consent at the provider, short enough that stale states die. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export interface GoogleLoginOptions {
  /** Google by default; any OpenID Connect issuer works (tests start their own). */
  issuer: string;
  clientId?: string;
  clientSecret?: string;
  /** `${PUBLIC_URL}/loginWithTwitter`: must equal a redirect URI registered at the provider. */
  redirectUri: string;
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger;
}

/** Plain http is only acceptable towards a provider on this machine (tests, local IdPs). */
function isLocalHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Google sends a boolean; some providers send "true". Anything else is not a verified address. */
function verified(value: unknown): boolean {
  return value === true || value === 'true';
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export function createGoogleLogin(opts: GoogleLoginOptions): ThirdPartyLogin {
  const states = createOAuthStateRepo(opts.db);
  const fail = (reason: string, err?: unknown) => {
    // The user only ever sees "third-party login failed"; the log keeps the reason.
    opts.log?.warn({ err, reason }, 'third-party login failed');
    return badInput('auth.third_failed');
  };

  // Discovery is lazy (a server without network can still start) and cached once it worked;
  // a failed attempt is forgotten so the next login tries again.
  let discovered: Promise<oidc.Configuration> | undefined;
  function configuration(clientId: string): Promise<oidc.Configuration> {
    discovered ??= (async () => {
      const issuer = new URL(opts.issuer);
      const execute = isLocalHttp(issuer) ? [oidc.allowInsecureRequests] : [];
      return oidc.discovery(issuer, clientId, opts.clientSecret, undefined, { execute, timeout: 10 });
    })().catch((err: unknown) => {
      discovered = undefined;
      throw err;
    });
    return discovered;
  }

  function requireClientId(): string {
    if (!opts.clientId) throw badInput('auth.third_unsupported');
    return opts.clientId;
  }

  /** ID token claims first (Google puts e-mail and name there); userinfo for providers that don't. */
  async function profileClaims(config: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) {
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token in the token response');
    if (idClaims.email !== undefined || !config.serverMetadata().userinfo_endpoint) return idClaims;
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    return { ...info, ...idClaims };
  }

  return {
    available: () => Boolean(opts.clientId),

    async start(redirect) {
      const clientId = requireClientId();
      const config = await configuration(clientId).catch((err: unknown) => {
        throw fail('discovery', err);
      });
      const now = opts.clock.now();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await states.purgeExpired(now);
      await states.create({
        state,
        provider: PROVIDER,
        codeVerifier,
        nonce,
        redirect,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    async finish(callbackQuery) {
      const clientId = requireClientId();
      const params = new URLSearchParams(callbackQuery.startsWith('?') ? callbackQuery.slice(1) : callbackQuery);
      const stateParam = params.get('state');
      if (!stateParam) throw fail('callback without state');
      // Taken (deleted) before anything else: a callback is good for one attempt, even a failed one.
      const saved = await states.take(stateParam, PROVIDER, opts.clock.now());
      if (!saved) throw fail('unknown, used or expired state');
      try {
        const config = await configuration(clientId);
        // openid-client derives the token request's redirect_uri from this URL minus its query.
        const currentUrl = new URL(opts.redirectUri);
        currentUrl.search = params.toString();
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          expectedState: saved.state,
          expectedNonce: saved.nonce,
          pkceCodeVerifier: saved.codeVerifier,
          idTokenExpected: true,
        });
        const claims = await profileClaims(config, tokens);
        const profile: ThirdPartyProfile = {
          sub: claims.sub,
          email: text(claims.email),
          emailVerified: verified(claims.email_verified),
          name: text(claims.name),
          picture: text(claims.picture),
          redirect: saved.redirect,
        };
        return profile;
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw fail('provider or token exchange', err);
      }
    },
  };
}
