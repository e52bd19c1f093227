import { useSyncExternalStore } from 'react';
import { HISTORY_MAX } from '@livesports/contracts/search';
import { readJSON, writeJSON } from '@/shared/lib/storage';

// Search history kept in this browser only (spec §3 local setting "historyList"): newest first,
// no repeats, at most HISTORY_MAX words.
export const HISTORY_KEY = 'historyList';
const listeners = new Set<() => void>();
let cache: string[] | null = null;

const read = () => (cache ??= readJSON<string[]>(HISTORY_KEY, []).filter((w) => typeof w === 'string'));
function write(list: string[]) {
  cache = list;
  writeJSON(HISTORY_KEY, list);
  listeners.forEach((l) => l());
}

export function addHistory(word: string) {
  const w = word.trim();
  if (!w) return;
  write([w, ...read().filter((x) => x !== w)].slice(0, HISTORY_MAX));
}
export const removeHistory = (word: string) => write(read().filter((x) => x !== word));
export const clearHistory = () => write([]);

export function useHistory(): string[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => [],
  );
}
