// Every query key of this feature, in one place. Only this feature reads or invalidates them;
// what other features change is reached through the tags of shared/api/query-tags.ts.
export const matchesKeys = {
  all: ['matches'] as const,
  roomCounts: (...params: readonly unknown[]) => [...matchesKeys.all, 'room-counts', ...params] as const,
  competitions: (...params: readonly unknown[]) => [...matchesKeys.all, 'competitions', ...params] as const,
  list: (...params: readonly unknown[]) => [...matchesKeys.all, 'list', ...params] as const,
  recommend: (...params: readonly unknown[]) => [...matchesKeys.all, 'recommend', ...params] as const,
  detail: (...params: readonly unknown[]) => [...matchesKeys.all, 'detail', ...params] as const,
  headToHead: (...params: readonly unknown[]) => [...matchesKeys.all, 'head-to-head', ...params] as const,
  team: (...params: readonly unknown[]) => [...matchesKeys.all, 'team', ...params] as const,
  robot: (...params: readonly unknown[]) => [...matchesKeys.all, 'robot', ...params] as const,
  table: (...params: readonly unknown[]) => [...matchesKeys.all, 'table', ...params] as const,
  companies: (...params: readonly unknown[]) => [...matchesKeys.all, 'companies', ...params] as const,
  foresight: (...params: readonly unknown[]) => [...matchesKeys.all, 'foresight', ...params] as const,
  foresightDetail: (...params: readonly unknown[]) => [...matchesKeys.all, 'foresight-detail', ...params] as const,
  pundits: (...params: readonly unknown[]) => [...matchesKeys.all, 'pundits', ...params] as const,
  reserved: (...params: readonly unknown[]) => [...matchesKeys.all, 'reserved', ...params] as const,
};
