import { desc, eq, sql } from 'drizzle-orm';
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
    async topKeywords(limit: number) {
      return db.select({ name: hotKeywords.name, hits: hotKeywords.hits }).from(hotKeywords).orderBy(desc(hotKeywords.hits), hotKeywords.name).limit(limit);
    },
    /** Counts one search of a word (search pages call this). */
    async countKeyword(name: string) {
      await db
        .insert(hotKeywords)
        .values({ name, hits: 1 })
        .onConflictDoUpdate({ target: hotKeywords.name, set: { hits: sql`${hotKeywords.hits} + 1`, updatedAt: sql`now()` } });
    },
    async keywordExists(name: string) {
      const rows = await db.select({ id: hotKeywords.id }).from(hotKeywords).where(eq(hotKeywords.name, name)).limit(1);
      return rows.length > 0;
    },
  };
}
export type SystemRepo = ReturnType<typeof createSystemRepo>;
