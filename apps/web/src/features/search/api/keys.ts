// Every query key of this feature, in one place. Only this feature reads or invalidates them;
// what other features change is reached through the tags of shared/api/query-tags.ts.
export const searchKeys = {
  root: ['search'] as const,
  all: (name: string) => [...searchKeys.root, 'all', name] as const,
  tab: (tab: string, name: string, page: number) => [...searchKeys.root, tab, name, page] as const,
  hot: () => [...searchKeys.root, 'hot'] as const,
};
