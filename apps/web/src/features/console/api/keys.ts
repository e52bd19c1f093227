// Every query key of the console, in one place (only the console reads or invalidates them).
export const consoleKeys = {
  all: ['console'] as const,
  me: () => [...consoleKeys.all, 'me'] as const,
  users: (...params: readonly unknown[]) => [...consoleKeys.all, 'users', ...params] as const,
  audit: (...params: readonly unknown[]) => [...consoleKeys.all, 'audit', ...params] as const,
};
