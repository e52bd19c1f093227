import { INVITE_POOL_CAP } from '@livesports/contracts/economy';
import type { GiftInsert, GiftsRepo } from './gifts.repo.ts';
import type { InvitesRepo } from './invites.repo.ts';

/**
 * The gift catalogue a fresh site starts with (prices in tenths). It is product data, not demo
 * data: without it nobody can send a gift, so it is loaded at start into an empty table.
 * Images live in the web app's public folder.
 */
export const DEFAULT_GIFTS: GiftInsert[] = [
  { code: 'like', nameZh: '点赞', nameEn: 'Like', nameEs: 'Me gusta', price: 1, animation: 'float' },
  { code: 'cheer', nameZh: '加油棒', nameEn: 'Cheer stick', nameEs: 'Bengala', price: 10, animation: 'float' },
  { code: 'football', nameZh: '足球', nameEn: 'Football', nameEs: 'Balón', price: 50, animation: 'bounce' },
  { code: 'whistle', nameZh: '哨子', nameEn: 'Whistle', nameEs: 'Silbato', price: 100, animation: 'bounce' },
  { code: 'beer', nameZh: '啤酒', nameEn: 'Beer', nameEs: 'Cerveza', price: 200, animation: 'spin' },
  { code: 'jersey', nameZh: '球衣', nameEn: 'Jersey', nameEs: 'Camiseta', price: 520, animation: 'spin' },
  { code: 'trophy', nameZh: '奖杯', nameEn: 'Trophy', nameEs: 'Trofeo', price: 1_880, animation: 'burst' },
  { code: 'car', nameZh: '跑车', nameEn: 'Sports car', nameEs: 'Deportivo', price: 5_200, animation: 'fullscreen' },
  { code: 'rocket', nameZh: '火箭', nameEn: 'Rocket', nameEs: 'Cohete', price: 13_140, animation: 'fullscreen' },
].map((g, i) => ({ ...g, image: `/economy/gifts/${g.code}.svg`, sort: i }));

/** Loads the catalogue into an empty table and opens the invite pool; safe on every start. */
export async function ensureCatalogue(gifts: GiftsRepo, invites: InvitesRepo) {
  await gifts.seedCatalogue(DEFAULT_GIFTS);
  await invites.openPool(INVITE_POOL_CAP);
}
