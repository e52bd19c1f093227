import { registered } from '@livesports/contracts/account';
import { requestWithMsg } from '@/shared/api/client';

// POST api/user/registered; success message 'register success'.
export const register = (input: { mobile: string; code: string; password: string; invite?: string; ticket?: string }) => requestWithMsg(registered, { ...input, device_type: 'pc' });
