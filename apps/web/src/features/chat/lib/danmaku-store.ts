import { create } from 'zustand';
import type { DanmakuSettings } from '@livesports/contracts/chat-constants';
import { useAppStore } from '@/shared/stores/app';
import { loadDanmaku, loadSpeed, saveDanmaku, saveSpeed } from './danmaku-settings';

// The settings live in the app store (spec §3 danmakuSystem); this feature loads and saves them.
let loaded = false;
export function ensureDanmakuLoaded() {
  if (loaded) return;
  loaded = true;
  useAppStore.getState().setDanmaku(loadDanmaku());
}

export function updateDanmaku(patch: Partial<DanmakuSettings>) {
  ensureDanmakuLoaded();
  useAppStore.getState().setDanmaku(patch);
  saveDanmaku(useAppStore.getState().danmakuSystem);
}

export const useDanmakuSpeed = create<{ speed: number; setSpeed: (v: number) => void }>((set) => ({
  speed: loadSpeed(),
  setSpeed: (speed) => {
    saveSpeed(speed);
    set({ speed });
  },
}));

export function useDanmaku() {
  ensureDanmakuLoaded();
  return useAppStore((s) => s.danmakuSystem);
}
