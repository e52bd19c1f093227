// Every query key of this feature, in one place. Only this feature reads or invalidates them;
// what other features change is reached through the tags of shared/api/query-tags.ts.
export const circleKeys = {
  all: ['circle'] as const,
  post: (...params: readonly unknown[]) => [...circleKeys.all, 'post', ...params] as const,
  posts: (...params: readonly unknown[]) => [...circleKeys.all, 'posts', ...params] as const,
  comments: (...params: readonly unknown[]) => [...circleKeys.all, 'comments', ...params] as const,
};
