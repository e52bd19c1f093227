import { LoginWithTwitterPage } from '@/features/auth/pages/login-with-twitter';

export function Component() {
  return <LoginWithTwitterPage />;
}
