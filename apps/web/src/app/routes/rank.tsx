import { RankPage } from '@/features/economy/pages/rank';
import '@/styles/community.css';

// /rank: leaderboards (popularity, generosity; day, week, month, all) from the economy feature.
export function Component() {
  return <RankPage />;
}
