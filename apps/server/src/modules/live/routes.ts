import type { FastifyInstance } from 'fastify';
import * as rooms from '@livesports/contracts/live';
import * as anchor from '@livesports/contracts/live-anchor';
import * as matchLink from '@livesports/contracts/live-match';
import * as reserve from '@livesports/contracts/live-reserve';
import { answer, route } from '../../platform/route.ts';
import type { ApplicationService } from './application.service.ts';
import type { MatchLinkService } from './match-link.service.ts';
import type { ReservationService } from './reservation.service.ts';
import type { RoomService } from './room.service.ts';

export interface LiveRouteOptions {
  applications: ApplicationService;
  rooms: RoomService;
  reservations: ReservationService;
  links: MatchLinkService;
}

/** The live domain's calls: each handler hands the parsed input to a service. */
export async function liveRoutes(app: FastifyInstance, opts: LiveRouteOptions) {
  const { applications, reservations, links } = opts;
  const room = opts.rooms;

  // Becoming an anchor.
  route(app, anchor.verified, (input, { user }) => applications.submit(user, input).then((d) => answer(d, 'live.application_submitted')));
  route(app, anchor.getVerifiedInfo, (_input, { user }) => applications.info(user));
  route(app, anchor.listAnchorApplications, (input, { user }) => applications.list(user, input));
  route(app, anchor.reviewAnchorApplication, (input, { user }) => applications.review(user, input).then((d) => answer(d, 'live.reviewed')));

  // The anchor's room.
  route(app, rooms.createRoom, (input, { user, req }) => room.createRoom(user, input, req.lang).then((d) => answer(d, 'live.saved')));
  route(app, rooms.getMyRoom, (_input, { user, req }) => room.myRoom(user, req.lang));
  route(app, rooms.startRoom, (_input, { user, req }) => room.startRoom(user, req.lang).then((d) => answer(d, 'live.room_started')));
  route(app, rooms.endRoom, (_input, { user, req }) => room.endRoom(user, req.lang).then((d) => answer(d, 'live.room_ended')));
  route(app, rooms.resetStreamKey, (_input, { user, req }) => room.resetKey(user, req.lang).then((d) => answer(d, 'live.key_reset')));
  route(app, rooms.setTitle, (input, { user, req }) => room.update(user, { title: input.title }, req.lang).then((d) => answer(d, 'live.saved')));
  route(app, rooms.updateLive, (input, { user, req }) => room.update(user, input, req.lang).then((d) => answer(d, 'live.saved')));
  route(app, rooms.setPlacard, (input, { user }) => room.setPlacard(user, input.placard).then((d) => answer(d, 'live.saved')));
  route(app, rooms.getLiveRecord, (input, { user }) => room.records(user, input.page, input.limit));

  // Watching.
  route(app, rooms.getPlacard, (input) => room.getPlacard(input.room_id));
  route(app, rooms.getLiveUrl, (input, { user }) => room.liveUrl(input.room_id, user));
  route(app, rooms.getRoomList, (input) => room.roomList(input));
  route(app, rooms.getRoomInfo, (input, { user, req }) => room.roomInfo(input.room_id, user, req.lang));
  route(app, rooms.getLiveList, (input) => room.liveList(input));
  route(app, rooms.getOnlineMemberNum, (input) => room.online(input.room_id));

  // The match a room covers (both ways: the studio sets it, match pages list the rooms).
  route(app, matchLink.setRoomMatch, async (input, { user, req }) => {
    await room.myRoom(user); // anchors with a room only, checked before the input's match
    await links.set(user.id, input.match_id);
    await room.changed(user.id);
    return answer(await room.myRoom(user, req.lang), input.match_id ? 'live.match_linked' : 'live.match_unlinked');
  });
  route(app, matchLink.getMatchRooms, async (input) => {
    await links.requireMatch(input.match_id);
    return { match_id: input.match_id, list: room.cards(await links.liveRoomsOf(input.match_id)) };
  });
  route(app, matchLink.getMatchRoomCounts, async () => ({ list: await links.counts() }));

  // Reservations.
  route(app, reserve.setReserveLiveNew, (input, { user, req }) => reservations.create(user, input, req.lang).then((d) => answer(d, 'live.saved')));
  route(app, reserve.getReserveLiveList, (input, { user }) => reservations.list({ roomId: input.room_id, page: input.page, limit: input.limit }, user));
  route(app, reserve.deleteReserveLive, (input, { user }) => reservations.remove(user, input.id).then((d) => answer(d, 'live.reserve_deleted')));
  route(app, reserve.reserveLive, (input, { user }) => reservations.toggle(user, input.id).then((d) => answer(d, d.reserved ? 'live.reserved' : 'live.reserve_cancelled')));
  route(app, reserve.getUserReserveLiveList, (_input, { user }) => reservations.mine(user));
}
