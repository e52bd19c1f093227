import type { Dashboard, DashboardDay } from '@livesports/contracts/console';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DashboardRepo } from './dashboard.repo.ts';
import type { SocketCensus } from './socket-census.ts';

const DAYS = 30;
const CHAT_WINDOW_MIN = 5;

export interface DashboardDeps {
  repo: DashboardRepo;
  clock: Clock;
  sockets: SocketCensus;
  /** Viewers of a live room now (the live module's counter, all processes). */
  viewers: (roomId: number) => Promise<number>;
}

/** The console's dashboard: the site now, and the last 30 UTC days. Money only for administrators. */
export function createDashboardService(deps: DashboardDeps) {
  const { repo, clock } = deps;
  // Staff opening the dashboard at the same moment share one reading of the database.
  let running: Promise<Omit<Dashboard, 'money'>> | null = null;

  async function read(): Promise<Omit<Dashboard, 'money'>> {
    const now = clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const start = new Date(today - (DAYS - 1) * 86_400_000);
    const [ids, matchesLive, chat, days] = await Promise.all([repo.liveRoomIds(), repo.matchesLive(), repo.chatMessagesSince(new Date(now.getTime() - CHAT_WINDOW_MIN * 60_000)), repo.days(start)]);
    const viewers = (await Promise.all(ids.map((id) => deps.viewers(id)))).reduce((a, b) => a + b, 0);
    const series: DashboardDay[] = [];
    for (let i = 0; i < DAYS; i++) {
      const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      const f = days.get(day);
      series.push({
        day,
        signups: f?.signups ?? 0,
        active_users: f?.active_users ?? 0,
        recharge_coins: f?.recharge_coins ?? 0,
        recharge_orders: f?.recharge_orders ?? 0,
        gift_coins: f?.gift_coins ?? 0,
        gift_sends: f?.gift_sends ?? 0,
        withdrawals_paid: f?.withdrawals_paid ?? 0,
        withdrawals_paid_count: f?.withdrawals_paid_count ?? 0,
        revenue: f?.revenue ?? 0,
      });
    }
    return {
      now: { live_rooms: ids.length, viewers, sockets: deps.sockets.counts(), matches_live: matchesLive, chat_per_minute: Math.round((chat / CHAT_WINDOW_MIN) * 10) / 10 },
      days: series,
      generated_at: now.toISOString(),
    };
  }

  return {
    async dashboard(user: AuthUser): Promise<Dashboard> {
      running ??= read().finally(() => (running = null));
      const base = await running;
      if (user.isAdmin) return { ...base, money: true };
      // Moderators: rooms and people only, no money.
      return {
        ...base,
        money: false,
        days: base.days.map((d) => ({
          ...d,
          recharge_coins: null,
          recharge_orders: null,
          gift_coins: null,
          gift_sends: null,
          withdrawals_paid: null,
          withdrawals_paid_count: null,
          revenue: null,
        })),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
