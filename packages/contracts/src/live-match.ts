import { z } from 'zod';
import { defineCall } from './call.ts';
import { myRoomSchema, roomCardSchema } from './live.ts';

// A room and the match it covers, both ways (issue #19 item 12): the anchor links the room to a
// match in the studio (or announces a broadcast of the match, which links it around kick-off);
// match pages and rows show "Watch live: N rooms" and open them; the room shows the match's
// live score strip.

const matchIdField = z.coerce.number({ error: 'live.match_not_found' }).int('live.match_not_found').positive('live.match_not_found');

/** Links the caller's room to a match (match_id 0 unlinks). Anchors only; not a match that is over. */
export const setRoomMatch = defineCall({
  method: 'POST',
  path: 'api/Live/setMatch',
  auth: true,
  input: z.object({
    match_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number({ error: 'live.match_not_found' }).int('live.match_not_found').min(0, 'live.match_not_found')),
  }),
  data: myRoomSchema,
});

/** Rooms live now that cover this match, most watched first. */
export const getMatchRooms = defineCall({
  method: 'GET',
  path: 'api/Live_streaming/getMatchRooms',
  auth: false,
  input: z.object({ match_id: matchIdField }),
  data: z.object({ match_id: z.number(), list: z.array(roomCardSchema) }),
});

/** For match lists: how many live rooms cover each match (only matches with at least one). */
export const getMatchRoomCounts = defineCall({
  method: 'GET',
  path: 'api/Live_streaming/getMatchRoomCounts',
  auth: false,
  input: z.object({}),
  data: z.object({ list: z.array(z.object({ match_id: z.number(), rooms: z.number() })) }),
});
