import { HORN_LIST_SIZE, HORN_TEXT_MAX } from '@livesports/contracts/chat-barrage';
import type { Horn } from '@livesports/contracts/chat';
import type { NobleTier } from '@livesports/contracts/economy';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notLoggedIn } from '../../platform/errors.ts';
import type { DirectRepo } from './direct.repo.ts';
import type { ModerationRepo } from './moderation.repo.ts';

/** Every gateway process writes a horn to all its sockets. */
export const HORN_CHANNEL = 'chat:horn';
const DAY_MS = 86_400_000;

type HornRow = Awaited<ReturnType<DirectRepo['recentHorns']>>[number];
const toHorn = (r: HornRow): Horn => ({
  id: r.id,
  user: { id: r.userId, nick: r.nick, avatar: r.avatar },
  noble: (r.noble as NobleTier | null) ?? null,
  room_id: r.roomId,
  text: r.text,
  time: Math.floor(r.createdAt.getTime() / 1000),
});

/** What the chat domain needs from the economy to take payment for a horn (economy horns.service). */
export interface HornPayment {
  pay<T>(userId: number, key: string, request: unknown, record: (tx: Db, free: boolean) => Promise<T>): Promise<{ value: T; free: boolean; balance: number; repeated: boolean }>;
  freeLeft(userId: number): Promise<{ noble: NobleTier | null; free_horns_left: number }>;
}

/** Site-wide horns (api/Member/sneHorn, hornList): paid (or an emperor's free one), stored, sent to every room. */
export function createHornsService(deps: {
  repo: DirectRepo;
  moderation: ModerationRepo;
  bus: Bus;
  clock: Clock;
  payment: HornPayment;
  /** Throws when the user may not write for others (a site-wide mute or ban). */
  speak?: (userId: number) => void;
}) {
  return {
    async send(userId: number | null, input: { text: string; room_id?: number; idempotency_key: string }) {
      if (userId === null) throw notLoggedIn();
      const text = input.text.trim();
      if (!text) throw badInput('chat.horn_empty');
      if ([...text].length > HORN_TEXT_MAX) throw badInput('chat.horn_too_long', { max: HORN_TEXT_MAX });
      deps.speak?.(userId);
      const [sender, standing] = await Promise.all([deps.moderation.user(userId), deps.payment.freeLeft(userId)]);
      if (!sender) throw notLoggedIn();
      if (input.room_id !== undefined) {
        const room = await deps.moderation.user(input.room_id);
        if (!room || room.isAnchor !== 1) throw badInput('chat.no_room');
      }
      const paid = await deps.payment.pay(userId, input.idempotency_key, { text, room_id: input.room_id ?? null }, async (tx, free) =>
        toHorn(await deps.repo.insertHorn(tx, { userId, nick: sender.user_nickname, avatar: sender.avatar, noble: standing.noble, roomId: input.room_id ?? null, text, free })),
      );
      // Published after the commit; a repeat of the same key answers the first horn and sends nothing new.
      if (!paid.repeated) await deps.bus.publish(HORN_CHANNEL, JSON.stringify(paid.value));
      // Read before paying; a free horn used just now is one fewer (a repeat used nothing now).
      const left = standing.free_horns_left - (paid.free && !paid.repeated ? 1 : 0);
      return { horn: paid.value, free: paid.free, balance: paid.balance, free_horns_left: Math.max(0, left) };
    },

    list: async () => (await deps.repo.recentHorns(new Date(deps.clock.now().getTime() - DAY_MS), HORN_LIST_SIZE)).map(toHorn),
  };
}
export type HornsService = ReturnType<typeof createHornsService>;
