import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../db/schema/account.ts';
import { liveRooms } from '../db/schema/live.ts';
import { RoomStatus } from '@livesports/contracts/live';
import type { ChatModule } from '../modules/chat/plugin.ts';
import { DEMO_ANCHORS } from '../db/seed/live.ts';
import { DEMO_FANS, demoFanEmail } from '../db/seed/economy.ts';

// Demo chatter: while the demo anchors stream (DEMO_STREAMS on `npm start`), the demo fans talk in
// the rooms that are live, so a fresh site shows the chat list and the danmaku moving as a real
// room would. Every line takes a viewer's path (messages.postText: room, rate limit, keyword
// filter, storage, the room's batches), so nothing here is a shortcut around the chat.

type Lang = 'zh' | 'en' | 'es';

const LINES: Record<'football' | 'basketball', Record<Lang, string[]>> = {
  football: {
    zh: [
      '这球传得太漂亮了',
      '禁区里那下是不是点球？',
      '门将今天神了',
      '中场控制住了节奏',
      '换人之后明显有活力',
      '这脚射门差一点！',
      '角球机会，看头球',
      '下半场还有机会',
      '裁判这哨吹得有点快',
      '主队压上来了',
    ],
    en: [
      'What a pass!',
      'That has to be a penalty',
      'Keeper is on fire today',
      'They own the midfield now',
      'So close!!',
      'Corner coming, watch the near post',
      'Great pressing from the front three',
      'That sub changed the game',
      'Offside? Looked level to me',
      'Come on, one more goal',
    ],
    es: [
      '¡Qué pase!',
      'Eso es penalti claro',
      'El portero está imparable',
      '¡Casi! Por centímetros',
      'Córner, atentos al primer palo',
      'Qué presión tan buena arriba',
      'Ese cambio lo ha cambiado todo',
      '¡Vamos, uno más!',
      'El árbitro se ha comido esa',
      'Partidazo',
    ],
  },
  basketball: {
    zh: ['这个三分太准了', '防守轮转不到位', '快攻漂亮！', '篮板要抢下来啊', '暂停之后打出一波', '这球是走步吧', '罚球要稳住', '内线吃饼了'],
    en: ['Splash! From way downtown', 'Defense needs to rotate', 'What a fast break', 'Box out!!', 'Timeout worked, 8-0 run', 'That was a travel', 'Clutch free throws please', 'And-one!'],
    es: [
      '¡Triple desde casa!',
      'Hay que rotar en defensa',
      '¡Qué contraataque!',
      'Ese rebote era nuestro',
      'El tiempo muerto ha funcionado',
      'Eso es pasos',
      '¡Canasta y adicional!',
      'Tiros libres, con calma',
    ],
  },
};

/** The language each demo fan writes in (their nickname says as much). */
const FAN_LANG: Record<string, Lang> = { fan1: 'zh', fan2: 'es', goalgetter: 'en', dunkmaster: 'en', tifosi: 'es', xiaolong: 'zh' };

/** Starts the chatter once the demo data exists; returns the function that stops it (the demo plugin runs it on close). */
export function startDemoChatter(app: FastifyInstance, messages: ChatModule['messages'], opts: { minMs?: number; maxMs?: number; random?: () => number } = {}) {
  const db = app.database.db;
  const random = opts.random ?? Math.random;
  const [minMs, maxMs] = [opts.minMs ?? 2500, opts.maxMs ?? 6000];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();

  async function people() {
    const rows = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [...DEMO_ANCHORS.map((a) => a.email), ...DEMO_FANS.map((f) => demoFanEmail(f.key))]));
    const id = (email: string) => rows.find((r) => r.email === email)?.id;
    const rooms = DEMO_ANCHORS.flatMap((a) => {
      const roomId = id(a.email);
      return roomId && (a.type === 1 || a.type === 2) ? [{ roomId, sport: a.type === 1 ? ('football' as const) : ('basketball' as const) }] : [];
    });
    const fans = DEMO_FANS.flatMap((f) => {
      const userId = id(demoFanEmail(f.key));
      return userId ? [{ userId, lang: FAN_LANG[f.key] ?? 'en' }] : [];
    });
    return { rooms, fans };
  }

  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];

  async function tick(cast: Awaited<ReturnType<typeof people>>) {
    const live = await db
      .select({ id: liveRooms.id })
      .from(liveRooms)
      .where(
        and(
          inArray(
            liveRooms.id,
            cast.rooms.map((r) => r.roomId),
          ),
          eq(liveRooms.status, RoomStatus.LIVE),
        ),
      );
    if (!live.length || !cast.fans.length) return;
    // The demo fans are the demo rooms' audience: each counts as a viewer of every live demo room
    // (seen again each tick, well within the viewer window), next to the real viewers.
    for (const r of live) for (const f of cast.fans) app.live.seeViewer(r.id, `demo-fan:${f.userId}`);
    const room = cast.rooms.find((r) => r.roomId === pick(live).id)!;
    const fan = pick(cast.fans);
    await messages.postText(fan.userId, room.roomId, pick(LINES[room.sport][fan.lang]));
  }

  const started = app.demoSeeded
    .then(people)
    .then((cast) => {
      const next = () => {
        if (stopped) return;
        timer = setTimeout(
          () => {
            // A refusal (a rate limit, a room that just went offline) skips one line; the next tick tries again.
            inFlight = tick(cast)
              .catch((err) => app.log.debug({ err }, 'demo chatter line skipped'))
              .finally(next);
          },
          minMs + random() * (maxMs - minMs),
        );
        timer.unref();
      };
      next();
    })
    .catch((err) => app.log.warn({ err }, 'demo chatter could not start'));

  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await started;
    await inFlight;
  };
  return stop;
}
