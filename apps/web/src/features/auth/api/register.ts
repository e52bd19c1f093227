import { requestWithMsg } from '@/shared/api/client';
import { registered } from '@/shared/api/call-refs';

// POST api/user/registered; success message 'register success'.
export const register = (input: { mobile: string; code: string; password: string; invite?: string; ticket?: string }) => requestWithMsg(registered, { ...input, device_type: 'pc' });
