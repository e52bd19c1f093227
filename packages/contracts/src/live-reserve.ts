import { z } from 'zod';
import { defineCall } from './call.ts';
import { pageFields, reservationSchema, roomIdField } from './live.ts';

// Reservations: anchors announce broadcasts (often of a match); users reserve them and see them
// on /reserve next to the matches they reserved (those belong to the matches module). Spec §2 (/reserve), §7 Live calls.

export const RESERVE_MAX_DAYS = 30;
export const RESERVE_MAX_UPCOMING = 20;
/** Match sports that reservations can point at: 1 football, 2 basketball (0 = not a match). */
export const ReserveSport = { NONE: 0, FOOTBALL: 1, BASKETBALL: 2 } as const;

const idField = (error: string) => z.coerce.number({ error }).int(error).positive(error);
const sportField = z.preprocess(
  (v) => (v === '' || v == null ? 0 : v),
  z.coerce.number({ error: 'live.reserve_sport_invalid' }).pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'live.reserve_sport_invalid' })),
);
const nameField = z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error: 'live.reserve_team_long' }).max(60, 'live.reserve_team_long'));
/** ISO time or Unix seconds; the service checks it lies in the next 30 days. */
const timeField = z.preprocess(
  (v) => {
    if (v === '' || v == null) return undefined;
    if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) return new Date(Number(v) * 1000);
    return typeof v === 'string' ? new Date(v) : v;
  },
  z.date({ error: 'live.reserve_time_invalid' }).refine((d) => !Number.isNaN(d.getTime()), 'live.reserve_time_invalid'),
);

export const setReserveLiveNew = defineCall({
  method: 'POST',
  path: 'api/Live/setReserveLiveNew',
  auth: true,
  input: z.object({
    title: z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ error: 'live.reserve_title_empty' }).min(1, 'live.reserve_title_empty').max(40, 'live.title_long')),
    start_time: timeField,
    /** The match it covers, when it covers one; its teams and kick-off then come from the match. */
    sport: sportField,
    match_id: z.preprocess((v) => (v === '' || v == null || v === 0 || v === '0' ? undefined : v), idField('live.match_not_found').optional()),
    home_name: nameField,
    away_name: nameField,
    league_name: nameField,
  }),
  data: reservationSchema,
});

export const getReserveLiveList = defineCall({
  method: 'GET',
  path: 'api/Live_streaming/getReserveLiveList',
  auth: false,
  input: z.object({ room_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), roomIdField.optional()), ...pageFields }),
  data: z.object({ list: z.array(reservationSchema), total: z.number(), page: z.number() }),
});

export const deleteReserveLive = defineCall({
  method: 'GET',
  path: 'api/Live/deleteReserveLive',
  writes: true,
  auth: true,
  input: z.object({ id: idField('live.reserve_not_found') }),
  data: z.null(),
});

/**
 * Reserve an anchor's announced broadcast (or, called again, cancel it). Matches themselves are
 * reserved with api/Live/reserveMatch of the matches module.
 */
export const reserveLive = defineCall({
  method: 'POST',
  path: 'api/Live/reserveLive',
  auth: true,
  input: z.object({ id: idField('live.reserve_not_found') }),
  data: z.object({ reserved: z.union([z.literal(0), z.literal(1)]), reserve_count: z.number() }),
});

/** One line of the /reserve page: a broadcast the user reserved, and whether it is on now. */
export const userReserveSchema = reservationSchema.extend({ is_live: z.union([z.literal(0), z.literal(1)]) });
export type UserReserve = z.infer<typeof userReserveSchema>;

export const getUserReserveLiveList = defineCall({
  method: 'GET',
  path: 'api/Live_streaming/getUserReserveLiveList',
  auth: true,
  input: z.object({}),
  data: z.object({ list: z.array(userReserveSchema) }),
});
