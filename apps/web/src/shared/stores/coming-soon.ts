import { create } from 'zustand';

// The spec's under-development dialog ('开发中...'), opened by controls whose feature is not built yet.
interface ComingSoonState {
  open: boolean;
  show: () => void;
  hide: () => void;
}
export const useComingSoon = create<ComingSoonState>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
