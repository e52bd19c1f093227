import { forgotPassword as forgotCall } from '@livesports/contracts/account';
import { requestWithMsg } from '@/shared/api/client';

// POST api/user/forgotPassword; no captcha (spec §5).
export const forgotPassword = (input: { mobile: string; code: string; password: string }) => requestWithMsg(forgotCall, input);
