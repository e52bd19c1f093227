// Every query key of this feature, in one place. Only this feature reads or invalidates them;
// what other features change is reached through the tags of shared/api/query-tags.ts.
export const memberKeys = {
  all: ['member'] as const,
  avatars: (...params: readonly unknown[]) => [...memberKeys.all, 'avatars', ...params] as const,
  info: (...params: readonly unknown[]) => [...memberKeys.all, 'info', ...params] as const,
};
