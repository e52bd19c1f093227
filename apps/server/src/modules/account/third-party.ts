/** What a third-party (OpenID Connect) login tells us about the person. */
export interface ThirdPartyProfile {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
  /** Where the person wanted to go when they started the login. */
  redirect: string;
}

/** Google login through OpenID Connect; see oauth.ts. */
export interface ThirdPartyLogin {
  /** True when a client id is configured. */
  available(): boolean;
  /** Creates a one-time state and returns the provider's authorization URL. */
  start(redirect: string): Promise<string>;
  /** Completes the login from the callback's query string ("?code=…&state=…"). Throws AppError on failure. */
  finish(callbackQuery: string): Promise<ThirdPartyProfile>;
}
