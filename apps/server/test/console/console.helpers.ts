import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema/account.ts';
import { liveUser } from '../live.helpers.ts';

/** Staff for console tests: an administrator, a moderator and a plain viewer, each with a session. */
export async function staff(app: FastifyInstance) {
  const admin = await liveUser(app, { admin: true });
  const moderator = await liveUser(app);
  await app.database.db.update(users).set({ isModerator: 1 }).where(eq(users.id, moderator.id));
  const viewer = await liveUser(app);
  return { admin, moderator, viewer };
}
