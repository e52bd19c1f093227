import { NewsPage } from '@/features/news/pages/news';
import '@/styles/community.css';

export function Component() {
  return <NewsPage />;
}
