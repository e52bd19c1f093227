import { create } from 'zustand';
import { readJSON, writeJSON } from '@/shared/lib/storage';

// The viewer's own filters (spec §6 "block messages and effects"): they change what this browser
// shows, nothing on the server. Kept in localStorage.
export const FILTERS_KEY = 'chatFilters';

export interface ChatFilters {
  /** Users whose messages and danmaku I do not want to see. */
  blocked: { id: string; nick: string }[];
  hideGifts: boolean;
  hideEntrances: boolean;
  /** Gift and entrance animations over the player. */
  hideEffects: boolean;
}

export function loadFilters(): ChatFilters {
  const raw = readJSON<Partial<ChatFilters> | null>(FILTERS_KEY, null) ?? {};
  const blocked = Array.isArray(raw.blocked) ? raw.blocked.filter((b) => b && typeof b.id === 'string').map((b) => ({ id: b.id, nick: String(b.nick ?? '') })) : [];
  return {
    blocked: blocked.slice(0, 500),
    hideGifts: raw.hideGifts === true,
    hideEntrances: raw.hideEntrances === true,
    hideEffects: raw.hideEffects === true,
  };
}

interface FiltersState extends ChatFilters {
  set: (patch: Partial<ChatFilters>) => void;
  block: (id: string, nick: string) => void;
  unblock: (id: string) => void;
}

export const useChatFilters = create<FiltersState>((set, get) => {
  const save = (patch: Partial<ChatFilters>) => {
    set(patch);
    const { blocked, hideGifts, hideEntrances, hideEffects } = get();
    writeJSON(FILTERS_KEY, { blocked, hideGifts, hideEntrances, hideEffects });
  };
  return {
    ...loadFilters(),
    set: save,
    block: (id, nick) => save({ blocked: [...get().blocked.filter((b) => b.id !== id), { id, nick }] }),
    unblock: (id) => save({ blocked: get().blocked.filter((b) => b.id !== id) }),
  };
});

/** Blocked identifiers as a set, for the list and the danmaku layer. */
export const blockedSet = (f: Pick<ChatFilters, 'blocked'>) => new Set(f.blocked.map((b) => b.id));
