import { signOut as signOutCall } from '@livesports/contracts/account';
import { request } from '@/shared/api/client';

// POST /api/Member/SignOut: ends the session on the server.
export const signOut = () => request(signOutCall, {});
