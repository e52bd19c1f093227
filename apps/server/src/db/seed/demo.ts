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
  // Hot words are counted per reader language: each language starts with what its readers look for.
  const words = {
    en: ['Premier League', 'NBA', 'Champions League', 'Lakers', 'World Cup', 'LPL', 'Messi'],
    zh: ['梅西', '英超', 'CBA', '广东队', 'LPL', '世界杯', 'NBA'],
    es: ['Real Madrid', 'LaLiga', 'Barcelona', 'El Clásico', 'Messi', 'Champions League', 'Maratón'],
  } as const;
  await db.insert(hotKeywords).values(Object.entries(words).flatMap(([lang, list]) => list.map((name, i) => ({ name, lang: lang as keyof typeof words, hits: (list.length - i) * 37 }))));
  app.log.info('demo data loaded');
}
