import { desc, eq, sql } from 'drizzle-orm';
import type { Lang } from '@livesports/contracts/messages';
import type { Db } from '../../db/client.ts';

/** The shared database or one of its transactions (a setting and its audit row commit together). */
export type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
import { hotKeywords, systemSettings } from '../../db/schema/system.ts';

export function createSystemRepo(db: Db) {
  return {
    async allSettings() {
      return db.select({ key: systemSettings.key, value: systemSettings.value }).from(systemSettings);
    },
    async setSetting(key: string, value: string, tx?: Conn) {
      await (tx ?? db)
        .insert(systemSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: sql`now()` } });
    },
    /**
     * The most searched words for readers of `lang`: words searched in that language first (by their
     * hits there), then the other languages' words by their total, so a language with few searches
     * still gets a full list.
     */
    async topKeywords(limit: number, lang: Lang) {
      const mine = sql<number>`sum(case when ${hotKeywords.lang} = ${lang} then ${hotKeywords.hits} else 0 end)`;
      const total = sql<number>`sum(${hotKeywords.hits})`;
      const rows = await db.select({ name: hotKeywords.name, mine, hits: total }).from(hotKeywords).groupBy(hotKeywords.name).orderBy(desc(mine), desc(total), hotKeywords.name).limit(limit);
      // Counts are searches by readers of `lang`: a word filling up the list from other languages shows 0,
      // so the counts fall with the order (its total would rank it above words listed before it).
      return rows.map((r) => ({ name: r.name, hits: Number(r.mine) }));
    },
    /** Counts one search of a word by a reader of `lang` (search pages call this). */
    async countKeyword(name: string, lang: Lang) {
      await db
        .insert(hotKeywords)
        .values({ name, lang, hits: 1 })
        .onConflictDoUpdate({ target: [hotKeywords.name, hotKeywords.lang], set: { hits: sql`${hotKeywords.hits} + 1`, updatedAt: sql`now()` } });
    },
    async keywordExists(name: string) {
      const rows = await db.select({ id: hotKeywords.id }).from(hotKeywords).where(eq(hotKeywords.name, name)).limit(1);
      return rows.length > 0;
    },
  };
}
export type SystemRepo = ReturnType<typeof createSystemRepo>;
