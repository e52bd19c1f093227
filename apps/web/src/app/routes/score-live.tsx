import { MatchRooms } from '@/features/live/components/match-rooms';
import { ScoreLivePage } from '@/features/matches/pages/score-live';

// /score-live?id=: the matches feature's match centre, with the live feature's rooms covering the
// match ("Watch live: N rooms") under the scoreboard.
export function Component() {
  return <ScoreLivePage rooms={(row) => <MatchRooms matchId={row.id} />} />;
}
