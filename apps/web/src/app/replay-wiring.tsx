import { lazy, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

// &replay=<id> is the broadcast again (replay-route.tsx); &clip=<id> is a clip's own (shared) page.
// The desktop room (/live) and the phone's (/m/live) both open these for the same links; the page
// is responsive below 992 px. Both load only when the link asks for them: a live room's first
// visit (the page everyone opens at kick-off) does not download the replay player, its timeline
// and the contract schemas they read (#16).
const ReplayRoute = lazy(() => import('./replay-route').then((m) => ({ default: m.ReplayRoute })));
const ClipPage = lazy(() => import('@/features/replays/pages/clip-page').then((m) => ({ default: m.ClipPage })));

/** The replay or clip page when the room link carries `replay=` or `clip=`, else null. */
export function useReplayRoute(): ReactNode | null {
  const [params] = useSearchParams();
  if (params.get('replay')) return <ReplayRoute />;
  if (params.get('clip')) return <ClipPage />;
  return null;
}
