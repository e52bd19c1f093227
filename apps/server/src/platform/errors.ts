import { Code } from '@livesports/contracts/envelope';
import type { MessageKey } from '@livesports/contracts/messages';

/**
 * A domain error: services throw it, the envelope layer turns it into { code, msg } with the
 * message localized to the caller's language. `status` keeps HTTP meaningful for tools.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly status = 400,
    readonly code: number = Code.ERROR,
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
  }
}

export const badInput = (key: MessageKey, params?: Record<string, string | number>) => new AppError(key, 400, Code.ERROR, params);
export const notLoggedIn = () => new AppError('auth.login_first', 401, Code.NOT_LOGGED_IN);
export const forbidden = (key: MessageKey = 'common.forbidden') => new AppError(key, 403);
export const notFound = (key: MessageKey = 'common.not_found') => new AppError(key, 404);
export const conflict = (key: MessageKey, params?: Record<string, string | number>) => new AppError(key, 409, Code.ERROR, params);
export const tooMany = (key: MessageKey = 'common.too_many', params?: Record<string, string | number>) => new AppError(key, 429, Code.ERROR, params);
