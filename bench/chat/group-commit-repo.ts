// The chat repo with group commit for `append` (see group-commit-hook.mjs; bench-only).
import type { Db } from '../../apps/server/src/db/client.ts';
import { createChatRepo as createRealChatRepo } from '../../apps/server/src/modules/chat/repo.ts';
import { createBatchedAppend } from '../../apps/server/src/realtime/fanout-append.ts';

export type * from '../../apps/server/src/modules/chat/repo.ts';

export function createChatRepo(db: Db) {
  return { ...createRealChatRepo(db), append: createBatchedAppend(db) };
}
