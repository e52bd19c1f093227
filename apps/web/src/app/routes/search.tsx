import { SearchPage } from '@/features/search/pages/search';

export function Component() {
  return <SearchPage />;
}
