import { HomePage } from '@/features/home/pages/home';
import { HotSearches } from '@/features/search/components/hot-searches';

// /main: the home page with the search feature's hot searches beside the hero.
export function Component() {
  return <HomePage aside={<HotSearches />} />;
}
