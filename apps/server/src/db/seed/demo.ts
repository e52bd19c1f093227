import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { hotKeywords } from '../schema/system.ts';
import { seedContent } from './content.ts';
import { seedLive } from './live.ts';
import { seedEconomy } from './economy.ts';

/**
 * Demo content for a fresh `npm start`: only loaded into an empty database, so an operator's
 * real data is never touched. Each domain adds its own part here as it lands.
 */
export async function seedDemo(app: FastifyInstance) {
  const db = app.database.db;
  await seedContent(app);
  await seedLive(app);
  await seedEconomy(app);
  const [{ n }] = await db.select({ n: count() }).from(hotKeywords);
  if (n > 0) return;
  const words = ['Real Madrid', 'Premier League', 'NBA', 'Champions League', 'LaLiga', 'Messi', 'Lakers', 'World Cup', 'LPL', 'Barcelona'];
  await db.insert(hotKeywords).values(words.map((name, i) => ({ name, hits: (words.length - i) * 37 })));
  app.log.info('demo data loaded');
}
