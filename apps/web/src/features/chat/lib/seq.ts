import type { ImMessage } from '@livesports/contracts/chat';

/** Messages kept in memory per room; older ones scroll away for good. */
export const KEEP_MESSAGES = 300;

/**
 * Appends `incoming` to `list`, skipping anything at or below `lastSeq` (a resume or a repeated
 * batch can hand back what we already have) and repeats inside the batch. Returns the new list,
 * the new lastSeq and only the really new messages (those fly as danmaku).
 */
export function mergeBySeq(list: ImMessage[], incoming: ImMessage[], lastSeq: number, keep = KEEP_MESSAGES) {
  let seq = lastSeq;
  const fresh: ImMessage[] = [];
  for (const m of [...incoming].sort((a, b) => a.seq - b.seq)) {
    if (m.seq <= seq) continue;
    seq = m.seq;
    fresh.push(m);
  }
  if (!fresh.length) return { list, lastSeq, fresh };
  const next = list.concat(fresh);
  return { list: next.length > keep ? next.slice(next.length - keep) : next, lastSeq: seq, fresh };
}
