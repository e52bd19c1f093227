import type { FastifyInstance } from 'fastify';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/account.ts';
import { anchorApplications, liveReservations, liveRooms } from '../schema/live.ts';
import { createAccountRepo } from '../../modules/account/repo.ts';
import { shortCode } from '../../platform/crypto.ts';
import { newStreamKey } from '../../modules/live/room.service.ts';
import { createContentRepo } from '../../modules/content/repo.ts';
import type { Scene } from './content-art.ts';
import { storePicture } from './pictures.ts';
import type { DemoStream } from '../../demo/broadcaster.ts';

// Demo anchors with their rooms. Those with a `push` get a real RTMP stream from the demo
// broadcaster on `npm start` (DEMO_STREAMS, needs ffmpeg); the others are offline with an
// announced broadcast, so both room states show.

interface DemoAnchor {
  email: string;
  nickname: string;
  avatar: string;
  exp: number;
  title: string;
  type: 1 | 2 | 3 | 4;
  placard: string;
  push?: Omit<DemoStream, 'streamKey'>;
  reserve?: { title: string; inHours: number; sport: 0 | 1 | 2; home: string; away: string; league: string };
}

/** A room type's cover scene (the room types: 1 football, 2 basketball, 3 esports, 4 general). */
const ROOM_SCENES: Record<DemoAnchor['type'], Scene> = { 1: 'football', 2: 'basketball', 3: 'esports', 4: 'general' };

export const DEMO_ANCHORS: DemoAnchor[] = [
  {
    email: 'marco.live@demo.livesports.local',
    nickname: 'Marco Live',
    avatar: '/avatars/3.svg',
    exp: 5200,
    title: 'El Clásico live: full match commentary',
    type: 1,
    placard: 'Welcome! Match chat is open. Be kind, no spoilers from other streams.',
    push: { name: 'marco-live', sport: 'football', color: '0x2e7d32', kits: ['0xf4f4f4', '0xa50044'] },
    reserve: { title: 'Champions League night', inHours: 26, sport: 1, home: 'Bayern Munich', away: 'Arsenal', league: 'UEFA Champions League' },
  },
  {
    email: 'hoops.hannah@demo.livesports.local',
    nickname: 'Hoops Hannah',
    avatar: '/avatars/7.svg',
    exp: 2300,
    title: 'NBA tonight: Lakers vs Celtics watch-along',
    type: 2,
    placard: 'Stats and hot takes every timeout. Drop your predictions in chat!',
    push: { name: 'hoops-hannah', sport: 'basketball', color: '0xb9804a', kits: ['0x552583', '0x007a33'] },
  },
  {
    email: 'liga.lucia@demo.livesports.local',
    nickname: 'Liga Lucía',
    avatar: '/avatars/5.svg',
    exp: 900,
    title: 'LaLiga Sunday: Sevilla vs Valencia',
    type: 1,
    placard: 'Comentario en español. ¡Bienvenidos!',
    push: { name: 'liga-lucia', sport: 'football', color: '0x1b5e20', kits: ['0xd32f2f', '0xff9800'] },
  },
  {
    email: 'pixel.pete@demo.livesports.local',
    nickname: 'Pixel Pete',
    avatar: '/avatars/9.svg',
    exp: 400,
    title: 'LPL finals co-stream',
    type: 3,
    placard: 'Back on Saturday for the finals.',
    reserve: { title: 'LPL finals co-stream', inHours: 50, sport: 0, home: '', away: '', league: '' },
  },
  {
    email: 'coach.kim@demo.livesports.local',
    nickname: 'Coach Kim',
    avatar: '/avatars/11.svg',
    exp: 150,
    title: 'Tactics talk: pressing explained',
    type: 4,
    placard: '',
    reserve: { title: 'Tactics talk: the 3-2-5 build-up', inHours: 8, sport: 0, home: '', away: '', league: '' },
  },
];

/** Demo anchors, approved, each with a room; only into an empty live_rooms table. */
export async function seedLive(app: FastifyInstance) {
  const db = app.database.db;
  const [{ n }] = await db.select({ n: count() }).from(liveRooms);
  if (n > 0) return;
  const accounts = createAccountRepo(db);
  const uploads = createContentRepo(db);
  const now = Date.now();
  for (const [i, a] of DEMO_ANCHORS.entries()) {
    const user =
      (await accounts.findByEmail(a.email)) ??
      (await accounts.createUser({ email: a.email, passwordHash: null, nickname: a.nickname, avatar: a.avatar, inviteCode: shortCode(), isAnchor: 1, anchorExp: a.exp }));
    await db.update(users).set({ isAnchor: 1 }).where(eq(users.id, user.id));
    await db
      .insert(anchorApplications)
      .values({ userId: user.id, realName: a.nickname, idNumber: 'DEMO000000', liveType: a.type, experience: 'Demo anchor', contact: a.email, introduction: a.placard || a.title, status: 2 })
      .onConflictDoNothing();
    // Every room has a cover, as anchors set one: the lists show it, and an offline room shows it behind its panel.
    const cover = await storePicture(app.storage, uploads, 'cover', ROOM_SCENES[a.type], 20 + i, user.id);
    await db
      .insert(liveRooms)
      .values({ id: user.id, title: a.title, type: a.type, placard: a.placard, cover: cover.url, streamKey: newStreamKey(), lastPeak: 10 + (a.exp % 90) })
      .onConflictDoNothing();
    if (a.reserve) {
      const r = a.reserve;
      await db
        .insert(liveReservations)
        .values({ roomId: user.id, title: r.title, sport: r.sport, homeName: r.home, awayName: r.away, leagueName: r.league, startAt: new Date(now + r.inHours * 3600_000) });
    }
  }
  app.log.info('live demo anchors loaded');
}

/** The demo rooms that stream, with their current keys (keys can be reset like any anchor's). */
export async function demoStreams(db: Db): Promise<Array<DemoStream & { roomId: number }>> {
  const pushing = DEMO_ANCHORS.filter((a) => a.push);
  const rows = await db
    .select({ email: users.email, key: liveRooms.streamKey, roomId: liveRooms.id })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.id))
    .where(
      inArray(
        users.email,
        pushing.map((a) => a.email),
      ),
    );
  return pushing.flatMap((a) => {
    const row = rows.find((r) => r.email === a.email);
    return row ? [{ ...a.push!, streamKey: row.key, roomId: row.roomId }] : [];
  });
}
