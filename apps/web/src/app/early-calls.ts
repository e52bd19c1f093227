import { paths } from '@/config/paths';
import { startEarly } from '@/shared/api/early-calls';

/**
 * The answers this URL's page waits on before it can show its main content, started at once
 * (main.tsx): a live room's play URLs (desktop and phone), so the picture does not wait for the
 * page's scripts and then a round trip (issue #19, first frame ≤ 1 s); a live room's stream starts
 * from it too, and the room's player takes it over (early-stream.ts). A headline's text and cover
 * (issue #16: the phone's largest paint waited on this call after the scripts).
 */
export function startEarlyCalls(pathname: string, search: string) {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  // A headline (desktop and phone): its text and cover wait on its one call (features/news/api/get-article.ts).
  if (path === paths.detail || path === `${paths.mobile}${paths.detail}`) {
    const id = Number(new URLSearchParams(search).get('id'));
    if (Number.isInteger(id) && id > 0) startEarly(`/api/Portal_post/detail?id=${id}`);
    return;
  }
  if (path === paths.live || path === `${paths.mobile}${paths.live}`) {
    const params = new URLSearchParams(search);
    const id = Number(params.get('id'));
    // As the room page asks for it (features/live/api/rooms.ts useRoomInfo: room_id, a number).
    if (Number.isInteger(id) && id > 0) {
      const answer = startEarly(`/api/Live_streaming/getRoomInfo?room_id=${id}`);
      // Not when the address opens one of the room's replays (the same page shows that instead).
      if (params.get('replay') || params.get('clip')) return;
      // A live room's stream starts from that answer before the page renders (a copy: the page reads the answer too).
      answer.then(
        (res) => {
          performance.mark('room:early-answer');
          const copy = res.clone();
          import('@/features/live/components/player/early-stream').then((m) => m.startEarlyStream(copy)).catch(() => undefined);
        },
        () => undefined,
      );
    }
  }
}
