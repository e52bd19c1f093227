import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows } from '../../db/schema/social.ts';

/**
 * How many people follow an anchor, for the room header. Reads the social module's follows
 * table (anchors are followed with kind 'anchor'); swap for its repo call once it has one.
 */
export async function anchorFollowerCount(db: Db, anchorId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.followeeId, anchorId), eq(follows.kind, 'anchor')));
  return n;
}

/** Whether a user follows an anchor (the room header's follow button). */
export async function followsAnchor(db: Db, followerId: number, anchorId: number): Promise<boolean> {
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, anchorId), eq(follows.kind, 'anchor')))
    .limit(1);
  return rows.length > 0;
}
