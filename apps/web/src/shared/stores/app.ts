import { create } from 'zustand';
import type { SystemSettings } from '@livesports/contracts/system';
import { readJSON, writeJSON } from '../lib/storage';

// App-wide state (spec §3 "App state"), only what the site uses now plus the spec's defaults.

export interface DanmakuSettings {
  show: boolean;
  area: number;
  size: number;
  opacity: number;
  /** Keep the top of the picture (scoreboard, LIVE badge) clear of danmaku and horns. */
  avoidTop: boolean;
}
/** Spec §9 danmaku defaults, and the top kept clear (as anti-occlusion on the big sites). */
export const DANMAKU_DEFAULTS: DanmakuSettings = { show: true, area: 3, size: 2, opacity: 100, avoidTop: true };

/** Goal notification settings (spec §3 gameSeting {red, voice, yellow}). */
export interface GameSetting {
  red: boolean;
  voice: boolean;
  yellow: boolean;
}
export const GAME_SETTING_DEFAULTS: GameSetting = { red: true, voice: true, yellow: true };

/** Spec §3 immediately {value1..value4}, defaults true, true, false, false. */
export interface ImmediatelySetting {
  value1: boolean;
  value2: boolean;
  value3: boolean;
  value4: boolean;
}
export const IMMEDIATELY_DEFAULTS: ImmediatelySetting = { value1: true, value2: true, value3: false, value4: false };

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
  immediately: { ...IMMEDIATELY_DEFAULTS, ...readJSON<Partial<ImmediatelySetting>>('immediately', {}) },
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
