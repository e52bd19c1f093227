// Every query key of this feature, in one place. Only this feature reads or invalidates them;
// what other features change is reached through the tags of shared/api/query-tags.ts.
export const socialKeys = {
  all: ['social'] as const,
  people: (...params: readonly unknown[]) => [...socialKeys.all, 'people', ...params] as const,
  profile: (...params: readonly unknown[]) => [...socialKeys.all, 'profile', ...params] as const,
};
