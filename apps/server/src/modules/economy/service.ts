import type { Perks } from '@livesports/contracts/economy-gifts';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import { audit } from './audit.ts';
import { createAuditRepo } from './audit.repo.ts';
import { ensureCatalogue } from './catalogue.ts';
import type { EconomyContext } from './context.ts';
import { createGiftsRepo } from './gifts.repo.ts';
import { createGiftsService } from './gifts.service.ts';
import { createGuardsRepo } from './guards.repo.ts';
import { createGuardsService } from './guards.service.ts';
import { createHornsService } from './horns.service.ts';
import { createInvitesRepo } from './invites.repo.ts';
import { createLedgerRepo } from './ledger.repo.ts';
import { createInvitesService } from './invites.service.ts';
import { createNoblesRepo } from './nobles.repo.ts';
import { createNoblesService } from './nobles.service.ts';
import type { PaymentProvider } from './payment/provider.ts';
import type { PaymentCurrency } from '@livesports/contracts/economy';
import { createSandboxProvider } from './payment/sandbox.ts';
import { createPeopleRepo } from './people.repo.ts';
import { createRankingRepo } from './ranking.repo.ts';
import { createRankingService } from './ranking.service.ts';
import { createRechargeRepo } from './recharge.repo.ts';
import { createRechargeService } from './recharge.service.ts';
import { createPrices } from './prices.ts';
import { createWalletRepo } from './wallet.repo.ts';
import { createWalletService } from './wallet.service.ts';
import { createWithdrawalsRepo } from './withdrawals.repo.ts';
import { createWithdrawalsService } from './withdrawals.service.ts';

export interface EconomyDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  publicUrl: string;
  /** Key the sandbox provider signs its notifications with. */
  sandboxSecret: string;
  /** Real providers to offer besides the sandbox (each with its own signed notifications). */
  providers?: PaymentProvider[];
  /** Offer the embedded sandbox checkout (the default until a real provider is configured). */
  sandbox?: boolean;
  /** The currency the sandbox charges in (PAYMENT_CURRENCY); real providers declare their own. */
  currency?: PaymentCurrency;
  log: EconomyContext['log'];
  /** Public reads kept in memory (leaderboards); absent, nothing is cached. */
  cache?: ReadCache;
  /** The console's audit log for staff actions (withdrawal reviews). */
  audit?: EconomyContext['audit'];
  /** The stored price changes (system settings, JSON); absent, the shipped prices apply. */
  storedPrices?: () => Promise<unknown>;
}

/**
 * The gold-coin economy, one service per concern, all on the same ledger (ledger.repo.ts: `runOp` and `post`).
 * Other domains use a few of these: `horns.pay` and `nobles.status` (horn calls), `perks` (badges
 * in chat), `giftsReceived` (broadcast records).
 */
export function createEconomyService(deps: EconomyDeps) {
  // A gift storm drops the boards here on every send but tells other processes at most once a second.
  const ranksChanged = () => void deps.cache?.invalidate(['ranks'], { coalesceMs: 1000 }).catch((err) => deps.log.warn({ err }, 'leaderboards not dropped'));
  const ctx: EconomyContext = {
    ledger: createLedgerRepo(deps.db),
    clock: deps.clock,
    bus: deps.bus,
    people: createPeopleRepo(deps.db),
    publicUrl: deps.publicUrl,
    log: deps.log,
    ranksChanged,
    prices: createPrices(deps.storedPrices ?? (async () => undefined)),
    audit: deps.audit,
  };
  const sandbox = deps.sandbox === false ? null : createSandboxProvider({ secret: deps.sandboxSecret, currency: deps.currency });
  const providers = [...(sandbox ? [sandbox] : []), ...(deps.providers ?? [])];

  const walletRepo = createWalletRepo(deps.db);
  const giftsRepo = createGiftsRepo(deps.db);
  const guardsRepo = createGuardsRepo(deps.db);
  const invitesRepo = createInvitesRepo(deps.db);
  const auditRepo = createAuditRepo(deps.db);
  const wallet = createWalletService(ctx, walletRepo);
  const recharge = createRechargeService(ctx, createRechargeRepo(deps.db), providers, sandbox);
  const gifts = createGiftsService(ctx, giftsRepo, walletRepo);
  const guards = createGuardsService(ctx, guardsRepo);
  const nobles = createNoblesService(ctx, createNoblesRepo(deps.db));
  const withdrawals = createWithdrawalsService(ctx, createWithdrawalsRepo(deps.db));
  const ranking = createRankingService(ctx, createRankingRepo(deps.db), deps.cache);
  const invites = createInvitesService(ctx, invitesRepo, giftsRepo, nobles);

  return {
    /** Recharge packages, noble and guard prices in force. */
    prices: ctx.prices,
    wallet,
    recharge,
    gifts,
    guards,
    nobles,
    withdrawals,
    ranking,
    invites,
    horns: createHornsService(ctx),

    /** Product data every site needs (gift catalogue, invite pool); run once at start. */
    start: () => ensureCatalogue(giftsRepo, invitesRepo),

    /** Badges and colours of people in a room: wealth level, noble tier, guard level. */
    async perks(userIds: number[], roomId?: number): Promise<Perks[]> {
      const now = ctx.clock.now();
      const [people, levels] = await Promise.all([ctx.people.people(userIds, now), roomId ? guards.levels(userIds, roomId, now) : new Map<number, number>()]);
      return userIds
        .filter((id) => people.has(id))
        .map((id) => {
          const p = people.get(id)!;
          return { user_id: id, wealth_level: p.wealth_level, noble: p.noble, guard_level: levels.get(id) ?? 0 };
        });
    },

    /**
     * Gifts a room received between two moments, in tenths of a gold coin (the live module's
     * broadcast record): wallet gifts at their price, backpack gifts at 0 coins.
     */
    giftsReceived: async (roomId: number, from: Date, to: Date) => (await giftsRepo.roomTotal(roomId, from, to)).coins,

    /** Adds up the books (drift check). */
    audit: (userIds?: number[]) => audit(auditRepo, userIds),
  };
}
export type EconomyService = ReturnType<typeof createEconomyService>;
