// Every query key of this feature, in one place. Only this feature reads or invalidates them;
// what other features change is reached through the tags of shared/api/query-tags.ts.
export const userKeys = {
  all: ['user'] as const,
  info: (...params: readonly unknown[]) => [...userKeys.all, 'info', ...params] as const,
};
