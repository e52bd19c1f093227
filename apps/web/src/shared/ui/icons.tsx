// Line icons: ./icons/site.tsx (the phone's first view) and ./icons/more.tsx (the rest).
export * from './icons/site';
export * from './icons/more';
