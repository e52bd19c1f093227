import { ReservedMatches } from '@/features/matches/components/reserved-matches';
import { ReservePage } from '@/features/live/pages/reserve';

// /reserve: reserved broadcasts (live feature) with the reserved matches (matches feature) as its `matches` slot.
export function Component() {
  return <ReservePage matches={<ReservedMatches />} />;
}
