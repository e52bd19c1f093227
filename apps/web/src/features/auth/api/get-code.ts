import { CodeType, getCode as getCodeCall } from '@livesports/contracts/account';
import { requestWithMsg } from '@/shared/api/client';

// POST api/user/getCode {mobile, type}: type 1 for register, 2 otherwise (spec §5).
export const codeTypeFor = (mode: 'login' | 'register' | 'forgot') => (mode === 'register' ? CodeType.REGISTER : CodeType.OTHER);

export const requestCode = (mobile: string, type: 1 | 2) => requestWithMsg(getCodeCall, { mobile, type });
