import { afterEach, describe, expect, it, vi } from 'vitest';
import { allMatchQuery } from './queries';

// The list pages ask all_match for list rows only (issue #14): a match page's fields stay on the match page.
describe('allMatchQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends view 'list' with the page's filters, and keys the cache by it", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ code: 200, msg: 'Success', data: { list: [], total: 0, page: 1, limit: 100 } }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const q = allMatchQuery({ type: 1, status: 'live' });
    expect(q.queryKey).toContainEqual({ view: 'list', type: 1, status: 'live' });
    await (q.queryFn as () => Promise<unknown>)();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ view: 'list', type: 1, status: 'live' });
  });
});
