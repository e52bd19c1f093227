// Every query key of this feature, in one place. Only this feature reads or invalidates them;
// what other features change is reached through the tags of shared/api/query-tags.ts.
export const newsKeys = {
  all: ['news'] as const,
  detail: (...params: readonly unknown[]) => [...newsKeys.all, 'detail', ...params] as const,
  list: (...params: readonly unknown[]) => [...newsKeys.all, 'list', ...params] as const,
  categories: (...params: readonly unknown[]) => [...newsKeys.all, 'categories', ...params] as const,
  featured: (...params: readonly unknown[]) => [...newsKeys.all, 'featured', ...params] as const,
};
