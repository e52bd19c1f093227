import { create } from 'zustand';

// Toasts are raised from anywhere (the API client is not a component); the Toaster renders them.
export type ToastKind = 'error' | 'success' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

/** Spec §8/§9: an error toast stays 5 s. */
export const ERROR_TOAST_MS = 5000;
const DEFAULT_MS = 3000;
const MAX_VISIBLE = 4;

interface ToastState {
  toasts: ToastItem[];
  push: (kind: ToastKind, message: string, duration?: number) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  push: (kind, message, duration) => {
    const id = nextId++;
    const item: ToastItem = { id, kind, message, duration: duration ?? (kind === 'error' ? ERROR_TOAST_MS : DEFAULT_MS) };
    set((s) => ({ toasts: [...s.toasts, item].slice(-MAX_VISIBLE) }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

export const toast = {
  error: (message: string, duration?: number) => useToastStore.getState().push('error', message, duration),
  success: (message: string, duration?: number) => useToastStore.getState().push('success', message, duration),
  info: (message: string, duration?: number) => useToastStore.getState().push('info', message, duration),
};
