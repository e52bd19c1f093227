import type { Perks } from '@livesports/contracts/economy-gifts';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { audit } from './audit.ts';
import { ensureCatalogue } from './catalogue.ts';
import type { EconomyContext } from './context.ts';
import { createGiftsRepo } from './gifts.repo.ts';
import { createGiftsService } from './gifts.service.ts';
import { createGuardsRepo } from './guards.repo.ts';
import { createGuardsService } from './guards.service.ts';
import { createHornsService } from './horns.service.ts';
import { createInvitesRepo } from './invites.repo.ts';
import { createInvitesService } from './invites.service.ts';
import { createNoblesRepo } from './nobles.repo.ts';
import { createNoblesService } from './nobles.service.ts';
import type { PaymentProvider } from './payment/provider.ts';
import { createSandboxProvider } from './payment/sandbox.ts';
import { createPeopleRepo } from './people.repo.ts';
import { createRankingRepo } from './ranking.repo.ts';
import { createRankingService } from './ranking.service.ts';
import { createRechargeRepo } from './recharge.repo.ts';
import { createRechargeService } from './recharge.service.ts';
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
  log: EconomyContext['log'];
}

/**
 * The gold-coin economy, one service per concern, all on the same ledger (ledger.ts).
 * Other domains use a few of these: `nobles.useFreeHorn` (horn calls), `perks` (badges in chat),
 * `gifts.roomTotal` (broadcast records).
 */
export function createEconomyService(deps: EconomyDeps) {
  const ctx: EconomyContext = { db: deps.db, clock: deps.clock, bus: deps.bus, people: createPeopleRepo(deps.db), publicUrl: deps.publicUrl, log: deps.log };
  const sandbox = deps.sandbox === false ? null : createSandboxProvider({ secret: deps.sandboxSecret });
  const providers = [...(sandbox ? [sandbox] : []), ...(deps.providers ?? [])];

  const walletRepo = createWalletRepo(deps.db);
  const giftsRepo = createGiftsRepo(deps.db);
  const guardsRepo = createGuardsRepo(deps.db);
  const wallet = createWalletService(ctx, walletRepo);
  const recharge = createRechargeService(ctx, createRechargeRepo(deps.db), providers, sandbox);
  const gifts = createGiftsService(ctx, giftsRepo, walletRepo);
  const guards = createGuardsService(ctx, guardsRepo);
  const nobles = createNoblesService(ctx, createNoblesRepo(deps.db));
  const withdrawals = createWithdrawalsService(ctx, createWithdrawalsRepo(deps.db));
  const ranking = createRankingService(ctx, createRankingRepo(deps.db));
  const invites = createInvitesService(ctx, createInvitesRepo(deps.db), giftsRepo, nobles);

  return {
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
    start: () => ensureCatalogue(deps.db),

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

    /** Adds up the books (drift check). */
    audit: (userIds?: number[]) => audit(deps.db, userIds),
  };
}
export type EconomyService = ReturnType<typeof createEconomyService>;
