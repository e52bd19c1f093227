import type { Db } from '../../db/client.ts';
import { createGiftsRepo } from '../economy/gifts.repo.ts';

/**
 * Gifts a room received between two moments, in tenths of a gold coin, for the broadcast record:
 * the economy module's own sum over its gift sends (wallet gifts at their price, backpack gifts
 * at 0 coins).
 */
export async function giftsReceivedDuring(db: Db, roomId: number, from: Date, to: Date): Promise<number> {
  return (await createGiftsRepo(db).roomTotal(roomId, from, to)).coins;
}
