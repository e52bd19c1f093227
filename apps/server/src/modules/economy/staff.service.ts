import type { PriceBook, StaffGift } from '@livesports/contracts/console-catalog';
import type { GiftEffect } from '@livesports/contracts/economy';
import type { AuthUser } from '../../platform/auth.ts';
import type { Bus } from '../../platform/bus.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AuditInput, ConsoleTx } from '../console/plugin.ts';
import type { GiftRow, GiftsRepo } from './gifts.repo.ts';
import { PRICES_KEY, type Prices } from './prices.ts';

/** Every process drops its copy of the gift catalogue when it hears this (an administrator changed it). */
export const CATALOGUE_CHANNEL = 'economy:catalogue';

export interface GiftInput {
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
  name_es: string;
  price: number;
  image: string;
  animation: GiftEffect;
  sort: number;
  active: 0 | 1;
  reason: string;
}

export const toStaffGift = (g: GiftRow): StaffGift => ({
  id: g.id,
  code: g.code,
  name_zh: g.nameZh,
  name_en: g.nameEn,
  name_es: g.nameEs,
  price: g.price,
  image: g.image,
  animation: g.animation as GiftEffect,
  sort: g.sort,
  active: g.active ? 1 : 0,
});

/**
 * The console's catalogue pages (administrators): gifts, recharge packages, noble and guard
 * prices. Each save commits with its audit row; then every process drops its copy (the gift
 * catalogue over CATALOGUE_CHANNEL, the price book with the system settings), so the next
 * request anywhere sees the change.
 */
export function createEconomyStaffService(deps: {
  /** The catalogue's rows and the transaction a save commits in. */
  repo: GiftsRepo;
  bus: Bus;
  prices: Prices;
  audit: (entry: AuditInput, tx?: ConsoleTx) => Promise<void>;
  /** Stores the price book's changes (system settings) in the transaction. */
  storePrices: (value: unknown, tx: ConsoleTx) => Promise<void>;
  /** Drops the settings answers (and so the price book) in every process. */
  pricesChanged: () => Promise<void>;
  /** Drops this process's gift catalogue. */
  catalogueChanged: () => void;
}) {
  const { repo } = deps;

  return {
    async gifts(): Promise<StaffGift[]> {
      return (await repo.allGifts()).map(toStaffGift);
    },

    async saveGift(user: AuthUser, input: GiftInput): Promise<StaffGift> {
      const values = {
        code: input.code,
        nameZh: input.name_zh,
        nameEn: input.name_en,
        nameEs: input.name_es,
        price: input.price,
        image: input.image,
        animation: input.animation,
        sort: input.sort,
        active: input.active,
      };
      const taken = await repo.byCode(input.code);
      if (taken && taken.id !== input.id) throw new AppError('console.gift_code_taken', 409);
      const saved = await repo.transaction(async (tx) => {
        const done = await repo.saveGift(tx, input.id, values);
        if (!done) throw notFound('console.gift_not_found');
        const { before, row } = done;
        await deps.audit(
          {
            actorId: user.id,
            action: input.id ? 'gift.update' : 'gift.create',
            targetType: 'gift',
            targetId: String(row.id),
            before: before ? toStaffGift(before) : null,
            after: toStaffGift(row),
            reason: input.reason,
          },
          tx,
        );
        return row;
      });
      deps.catalogueChanged();
      await deps.bus.publish(CATALOGUE_CHANNEL, String(saved.id));
      return toStaffGift(saved);
    },

    priceBook: () => deps.prices.book(),

    async savePrices(
      user: AuthUser,
      change: { recharge?: PriceBook['recharge']; nobles?: Array<{ tier: string; price: number }>; guards?: Array<{ id: number; price: number }>; reason: string },
    ): Promise<PriceBook> {
      const before = await deps.prices.book();
      const next: PriceBook = structuredClone(before);
      if (change.recharge) next.recharge = change.recharge.map((r) => ({ ...r })).sort((a, b) => a.id - b.id);
      for (const n of change.nobles ?? []) {
        const row = next.nobles.find((x) => x.tier === n.tier);
        if (row) row.price = n.price;
      }
      for (const g of change.guards ?? []) {
        const row = next.guards.find((x) => x.id === g.id);
        if (row) row.price = g.price;
      }
      const parts = (['recharge', 'nobles', 'guards'] as const).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(next[k]));
      if (!parts.length) return before;
      await repo.transaction(async (tx) => {
        await deps.storePrices({ recharge: next.recharge, nobles: next.nobles.map(({ tier, price }) => ({ tier, price })), guards: next.guards.map(({ id, price }) => ({ id, price })) }, tx);
        for (const k of parts)
          await deps.audit({ actorId: user.id, action: `price.${k}`, targetType: 'prices', targetId: `${PRICES_KEY}.${k}`, before: before[k], after: next[k], reason: change.reason }, tx);
      });
      await deps.pricesChanged();
      return deps.prices.book();
    },
  };
}
export type EconomyStaffService = ReturnType<typeof createEconomyStaffService>;
