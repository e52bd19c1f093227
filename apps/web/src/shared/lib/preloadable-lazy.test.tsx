import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

// A page whose code was preloaded renders in the first commit (no spinner, so React's 300 ms
// fallback throttle never holds it back); one that was not shows the spinner, then the page.

const Page = ({ name }: { name: string }) => <p>{name} page</p>;

describe('preloadable lazy components', () => {
  it('preloaded: the first render shows the page, never the fallback', async () => {
    const load = vi.fn(async () => Page);
    const lazy = preloadableLazy(load);
    await lazy.preload();
    render(
      <Suspense fallback={<p>spinner</p>}>
        <lazy.Component name="room" />
      </Suspense>,
    );
    // Synchronously after render: no waiting, no fallback.
    expect(screen.getByText('room page')).toBeTruthy();
    expect(screen.queryByText('spinner')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not preloaded: the fallback first, then the page; the module loads once', async () => {
    const load = vi.fn(async () => Page);
    const lazy = preloadableLazy(load);
    render(
      <Suspense fallback={<p>spinner</p>}>
        <lazy.Component name="home" />
      </Suspense>,
    );
    expect(screen.getByText('spinner')).toBeTruthy();
    expect(await screen.findByText('home page')).toBeTruthy();
    await lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load is tried again by the next preload', async () => {
    let calls = 0;
    const lazy = preloadableLazy(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return Page;
    });
    await expect(lazy.preload()).rejects.toThrow('offline');
    await act(async () => {
      await lazy.preload();
    });
    render(<lazy.Component name="again" />);
    expect(screen.getByText('again page')).toBeTruthy();
  });
});
