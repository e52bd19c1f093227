import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetSignedInData, invalidateTags, tagged } from './query-tags';

// A feature that changes money or a follow reaches every view of it through a tag, without
// knowing the other features' keys; sign-out drops exactly the views holding the user's data.

async function seed() {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity } } });
  const fetch = (key: string[], meta?: ReturnType<typeof tagged>) => qc.fetchQuery({ queryKey: key, queryFn: () => key.join('/'), meta });
  await fetch(['economy', 'wallet'], tagged('money'));
  await fetch(['user', 'info'], tagged('money', 'profile'));
  await fetch(['circle', 'posts'], tagged('follows'));
  await fetch(['matches', 'list']);
  const stale = () =>
    qc
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey.join('/'))
      .sort();
  return { qc, stale };
}

describe('query tags', () => {
  it('invalidates every query showing the thing, whichever feature owns it, and nothing else', async () => {
    const { qc, stale } = await seed();
    expect(stale()).toEqual([]);
    await invalidateTags(qc, 'money');
    expect(stale()).toEqual(['economy/wallet', 'user/info']);
    await invalidateTags(qc, 'follows');
    expect(stale()).toEqual(['circle/posts', 'economy/wallet', 'user/info']);
  });

  it("sign-out drops the user's data and marks the public answers for a refetch", async () => {
    const { qc, stale } = await seed();
    forgetSignedInData(qc);
    const left = qc
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey.join('/'));
    expect(left).toEqual(['matches/list']);
    expect(stale()).toEqual(['matches/list']);
  });
});
