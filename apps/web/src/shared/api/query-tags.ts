import type { QueryClient } from '@tanstack/react-query';

/**
 * What a cached answer shows that another feature changes. A query names its tags in
 * `meta.tags`; the feature that changes the thing invalidates the tag, never another feature's
 * keys (each feature owns its keys in its `api/keys.ts`).
 *  - money:   balances, wallets, ledgers, orders, perks paid in coins (user info carries a balance)
 *  - profile: a person's own name, avatar and signature
 *  - follows: follow flags and follower counts shown beside people and posts
 *  - account: the member record's settings (payment password set, verification state)
 * A query with any tag holds the signed-in user's data: sign-out drops it.
 */
export type QueryTag = 'money' | 'profile' | 'follows' | 'account';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { tags?: readonly QueryTag[] };
  }
}

/** `meta` for a query that shows these things: `queryOptions({ queryKey, queryFn, meta: tagged('money') })`. */
export const tagged = (...tags: QueryTag[]) => ({ tags });

/** Fetches again every query that shows one of these things, whichever feature owns it. */
export const invalidateTags = (qc: QueryClient, ...tags: QueryTag[]) => qc.invalidateQueries({ predicate: (q) => q.meta?.tags?.some((t) => tags.includes(t)) ?? false });

/** Sign-out: every query holding the user's own data is dropped; the rest (public, with per-user flags) refetches. */
export function forgetSignedInData(qc: QueryClient) {
  qc.removeQueries({ predicate: (q) => (q.meta?.tags?.length ?? 0) > 0 });
  void qc.invalidateQueries();
}
