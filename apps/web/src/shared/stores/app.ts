import { create } from 'zustand';
import { DANMAKU_DEFAULTS, type DanmakuSettings } from '@livesports/contracts/chat-constants';
import { DEFAULT_IMMEDIATELY } from '@livesports/contracts/matches-constants';
import type { SystemSettings } from '@livesports/contracts/system';
import { readJSON, writeJSON } from '../lib/storage';

// App-wide state (spec §3 "App state"), only what the site uses now plus the spec's defaults.

/** Goal notification settings (spec §3 gameSeting {red, voice, yellow}). */
export interface GameSetting {
  red: boolean;
  voice: boolean;
  yellow: boolean;
}
export const GAME_SETTING_DEFAULTS: GameSetting = { red: true, voice: true, yellow: true };

/** Spec §3 immediately {value1..value4}, defaults (DEFAULT_IMMEDIATELY) true, true, false, false. */
export type ImmediatelySetting = { -readonly [K in keyof typeof DEFAULT_IMMEDIATELY]: boolean };

export const SITE_NAME_FALLBACK = 'LiveSports';

interface AppState {
  system: SystemSettings | null;
  danmakuSystem: DanmakuSettings;
  gameSeting: GameSetting;
  immediately: ImmediatelySetting;
  setSystem: (s: SystemSettings) => void;
  setDanmaku: (d: Partial<DanmakuSettings>) => void;
  setGameSeting: (g: Partial<GameSetting>) => void;
  setImmediately: (v: Partial<ImmediatelySetting>) => void;
}

export const useAppStore = create<AppState>((set, get) => ({
  system: null,
  danmakuSystem: { ...DANMAKU_DEFAULTS },
  gameSeting: { ...GAME_SETTING_DEFAULTS, ...readJSON<Partial<GameSetting>>('gameSeting', {}) },
  immediately: { ...DEFAULT_IMMEDIATELY, ...readJSON<Partial<ImmediatelySetting>>('immediately', {}) },
  setSystem: (system) => set({ system }),
  setDanmaku: (d) => set({ danmakuSystem: { ...get().danmakuSystem, ...d } }),
  setGameSeting: (g) => {
    const next = { ...get().gameSeting, ...g };
    writeJSON('gameSeting', next);
    set({ gameSeting: next });
  },
  setImmediately: (v) => {
    const next = { ...get().immediately, ...v };
    writeJSON('immediately', next);
    set({ immediately: next });
  },
}));

export const useSiteName = () => useAppStore((s) => s.system?.site_name || SITE_NAME_FALLBACK);
