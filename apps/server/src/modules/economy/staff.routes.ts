import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/console-catalog';
import { answer, route } from '../../platform/route.ts';
import type { EconomyStaffService } from './staff.service.ts';

/** The console's gift and price pages (administrators). */
export async function economyStaffRoutes(app: FastifyInstance, opts: { staff: EconomyStaffService }) {
  const { staff } = opts;
  route(app, calls.giftCatalogue, () => staff.gifts());
  route(app, calls.giftSave, async (input, { user }) => answer(await staff.saveGift(user, input), 'console.saved'));
  route(app, calls.priceBook, () => staff.priceBook());
  route(app, calls.priceSave, async (input, { user }) => answer(await staff.savePrices(user, input), 'console.saved'));
}
