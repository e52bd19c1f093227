import { HomePage } from '@/features/home/pages/home';
import { HotSearches } from '@/features/search/components/hot-searches';
import { HotMatches } from '@/features/matches/components/hot-matches';
import { LiveStrip } from '@/features/live/components/live-strip';

// /main: the home page with the search feature's hot searches beside the hero.
export function Component() {
  return <HomePage aside={<HotSearches />} matches={<HotMatches />} live={<LiveStrip />} />;
}
