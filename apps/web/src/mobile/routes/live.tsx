import { MobileLiveRoom } from '../live-room/mobile-live-room';

export function Component() {
  return <MobileLiveRoom />;
}
