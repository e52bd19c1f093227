import { ReservePage } from '@/features/live/pages/reserve';

// /reserve: reserved broadcasts (live feature). Reserved matches join as the `matches` slot once
// the matches feature has a list component for them.
export function Component() {
  return <ReservePage />;
}
