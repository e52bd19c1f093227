import type { CallData } from '@livesports/contracts/call';
import { getCaptcha } from '@/shared/api/call-refs';

// GET api/captcha/get: a new puzzle (background with a gap, the piece, and where the piece rests).
// The app's API client comes in as an argument, so this feature does not reach into the shell.

export type CaptchaRequest = <T>(method: 'GET' | 'POST', path: string, payload?: object) => Promise<T>;
export type CaptchaPuzzle = CallData<typeof getCaptcha>;

export const fetchCaptcha = (request: CaptchaRequest) => request<CaptchaPuzzle>(getCaptcha.method, getCaptcha.path, {});
