import { AboutUserPage } from '@/features/legal/pages/about-user';
import '@/styles/pages.css';

export function Component() {
  return <AboutUserPage />;
}
