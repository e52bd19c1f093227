// Every query key of the console, in one place (only the console reads or invalidates them).
export const consoleKeys = {
  all: ['console'] as const,
  me: (...params: readonly unknown[]) => [...consoleKeys.all, 'me', ...params] as const,
  users: (...params: readonly unknown[]) => [...consoleKeys.all, 'users', ...params] as const,
  applications: (...params: readonly unknown[]) => [...consoleKeys.all, 'applications', ...params] as const,
  dashboard: (...params: readonly unknown[]) => [...consoleKeys.all, 'dashboard', ...params] as const,
  reports: (...params: readonly unknown[]) => [...consoleKeys.all, 'reports', ...params] as const,
  roles: (...params: readonly unknown[]) => [...consoleKeys.all, 'roles', ...params] as const,
  withdrawals: (...params: readonly unknown[]) => [...consoleKeys.all, 'withdrawals', ...params] as const,
  audit: (...params: readonly unknown[]) => [...consoleKeys.all, 'audit', ...params] as const,
  content: (...params: readonly unknown[]) => [...consoleKeys.all, 'content', ...params] as const,
  feeds: (...params: readonly unknown[]) => [...consoleKeys.all, 'feeds', ...params] as const,
  gifts: (...params: readonly unknown[]) => [...consoleKeys.all, 'gifts', ...params] as const,
  media: (...params: readonly unknown[]) => [...consoleKeys.all, 'media', ...params] as const,
  prices: (...params: readonly unknown[]) => [...consoleKeys.all, 'prices', ...params] as const,
  rooms: (...params: readonly unknown[]) => [...consoleKeys.all, 'rooms', ...params] as const,
  settings: (...params: readonly unknown[]) => [...consoleKeys.all, 'settings', ...params] as const,
};
