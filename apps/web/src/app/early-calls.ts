import { paths } from '@/config/paths';
import { startEarly } from '@/shared/api/early-calls';

/**
 * The answers this URL's page waits on before it can show its main content, started at once
 * (main.tsx): a live room's play URLs (desktop and phone), so the picture does not wait for the
 * page's scripts and then a round trip (issue #19, first frame ≤ 1 s).
 */
export function startEarlyCalls(pathname: string, search: string) {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === paths.live || path === `${paths.mobile}${paths.live}`) {
    const id = Number(new URLSearchParams(search).get('id'));
    // As the room page asks for it (features/live/api/rooms.ts useRoomInfo: room_id, a number).
    if (Number.isInteger(id) && id > 0) startEarly(`/api/Live_streaming/getRoomInfo?room_id=${id}`);
  }
}
