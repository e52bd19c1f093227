import { checkCaptcha as checkCaptchaCall } from '@livesports/contracts/captcha';
import type { CallData, CallInput } from '@livesports/contracts/call';
import type { CaptchaRequest } from './get-captcha';

// POST api/captcha/check {id, x, y, trace}: ret 0 and a one-time ticket that login or register carries.
// A wrong spot or a robotic drag is a code-1 answer, which the API client turns into a rejection.

export type CaptchaCheckInput = CallInput<typeof checkCaptchaCall>;
export type CaptchaCheckResult = CallData<typeof checkCaptchaCall>;

export const checkCaptcha = (request: CaptchaRequest, input: CaptchaCheckInput) => request<CaptchaCheckResult>(checkCaptchaCall.method, checkCaptchaCall.path, input);
