import { request } from '@/shared/api/client';
import { loginWithTwitter } from '@/shared/api/call-refs';

// POST api/user/loginWithTwitter {type_third:'google', redirect} → data.oauth_url, where the browser goes next.
export const startGoogleLogin = (redirect: string) => request(loginWithTwitter, { type_third: 'google', redirect });
