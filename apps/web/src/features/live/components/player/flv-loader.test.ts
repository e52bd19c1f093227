import { afterEach, describe, expect, it, vi } from 'vitest';
import mpegts from 'mpegts.js';
import { uncredentialedLoader } from './flv-loader';

// The stream loader the players use: it asks without credentials (a connection pool of its own,
// not queued behind the page's scripts) and hands mpegts.js each chunk with its position.

const seek = { getConfig: (url: string) => ({ url, headers: {} }) } as never;

function streamOf(chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  });
}

describe('uncredentialedLoader', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks without credentials and passes each chunk on with where it starts, then completes', async () => {
    const fetch = vi.fn(async () => new Response(streamOf([new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])])));
    vi.stubGlobal('fetch', fetch);
    const Loader = uncredentialedLoader(mpegts);
    const loader = new Loader(seek, {} as never);
    const got: Array<[number[], number, number | undefined]> = [];
    const done = new Promise<[number, number]>((resolve) => (loader.onComplete = (from, to) => resolve([from, to])));
    loader.onDataArrival = (chunk, start, received) => void got.push([[...new Uint8Array(chunk)], start, received]);
    loader.open({ url: '/live/7_sd.flv?e=1&s=x' } as never, { from: 0, to: -1 });
    expect(await done).toEqual([0, 4]);
    expect(fetch).toHaveBeenCalledWith('/live/7_sd.flv?e=1&s=x', expect.objectContaining({ credentials: 'omit', mode: 'cors' }));
    expect(got).toEqual([
      [[1, 2, 3], 0, 3],
      [[4, 5], 3, 5],
    ]);
  });

  it('reports a refused stream (403 of an expired signature) as an HTTP error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no', { status: 403, statusText: 'Forbidden' })),
    );
    const loader = new (uncredentialedLoader(mpegts))(seek, {} as never);
    const error = new Promise<[unknown, { code: number }]>((resolve) => (loader.onError = (kind, info) => resolve([kind, info])));
    loader.open({ url: '/live/7_sd.flv' } as never, { from: 0, to: -1 });
    const [kind, info] = await error;
    expect(kind).toBe(mpegts.LoaderErrors.HTTP_STATUS_CODE_INVALID);
    expect(info.code).toBe(403);
  });

  it('once aborted, reports nothing more', async () => {
    let push: ((c: Uint8Array) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            push = (chunk) => c.enqueue(chunk);
            init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body);
      }),
    );
    const loader = new (uncredentialedLoader(mpegts))(seek, {} as never);
    const onError = vi.fn();
    const onData = vi.fn();
    loader.onError = onError;
    loader.onDataArrival = onData;
    loader.open({ url: '/live/7_sd.flv' } as never, { from: 0, to: -1 });
    await vi.waitFor(() => expect(push).toBeDefined());
    push!(new Uint8Array([9]));
    await vi.waitFor(() => expect(onData).toHaveBeenCalledTimes(1));
    loader.destroy();
    await new Promise((r) => setTimeout(r, 20));
    expect(onError).not.toHaveBeenCalled();
  });
});
