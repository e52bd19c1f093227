// react-i18next imports `use-sync-external-store/shim` for React < 18; React 19 has the hook, and the
// shim's fallback code (~0.6 kB gzipped) would ride in every first load (the phone's budget is
// 120 kB, issue #16). vite.config.ts points that import here.
export { useSyncExternalStore } from 'react';
