import { useReplayRoute } from '@/app/replay-wiring';
import { MobileLiveRoom } from '../live-room/mobile-live-room';

// /m/live?id=<room>: the phone's room; its replays and clips (same links as the desktop's) open the
// responsive replay page.
export function Component() {
  return useReplayRoute() ?? <MobileLiveRoom />;
}
