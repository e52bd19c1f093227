import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { LedgerRepo, Tx } from './ledger.repo.ts';
import type { PeopleRepo } from './people.repo.ts';
import type { Prices } from './prices.ts';

/** What every part of the economy module is built with (tests swap the clock). */
export interface EconomyContext {
  /** The ledger every movement of money goes through (`runOp`, `post`). */
  ledger: LedgerRepo;
  clock: Clock;
  bus: Bus;
  people: PeopleRepo;
  /** The address users reach the site at, for links handed out (checkout, invites). */
  publicUrl: string;
  log: { info(o: object, msg?: string): void; warn(o: object, msg?: string): void; error(o: object, msg?: string): void };
  /** Coins moved into a leaderboard (gift, guard, noble): the cached boards are dropped. */
  ranksChanged: () => void;
  /** Records a staff action in the console's audit log, inside the transaction that makes it (absent in unit tests). */
  audit?: StaffAudit;
  /** Recharge packages, noble and guard prices as they stand (the console changes them). */
  prices: Prices;
}

/** The console's audit recorder as the economy sees it (filled from `app.console.audit`). */
export type StaffAudit = (entry: { actorId: number; action: string; targetType: string; targetId: string; before?: unknown; after?: unknown; reason?: string }, tx: Tx) => Promise<void>;

/** Start of the current UTC day, ISO week (Monday) or month; null for "all time". */
export function periodStart(period: 'day' | 'week' | 'month' | 'all', now: Date): Date | null {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'day') return d;
  if (period === 'week') return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return null;
}

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
export const utcMonth = (d: Date) => d.toISOString().slice(0, 7);
