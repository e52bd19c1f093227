import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadQueryClient } from '@/shared/api/with-queries';
import { setupI18n } from '@/test-utils';
import { PullToRefresh } from './pull-to-refresh';
import '../locales';

// Pull to refresh a list: a pull past the threshold from the top of the page refetches what the
// page shows; a short pull, a sideways one or one starting in a field does not.

// A stand-in for a page's list query (any active query is refetched).
const LIST_KEY = ['test-list'];
let calls = 0;
function List() {
  const q = useQuery({ queryKey: LIST_KEY, queryFn: async () => ++calls });
  return (
    <div>
      <p data-testid="n">{q.data ?? 0}</p>
      <input data-testid="field" />
    </div>
  );
}

// The pull refetches through the site's QueryClient (the layout paints before it is loaded).
async function setup() {
  calls = 0;
  const client = await loadQueryClient();
  client.clear();
  render(
    <QueryClientProvider client={client}>
      <PullToRefresh>
        <List />
      </PullToRefresh>
    </QueryClientProvider>,
  );
}

async function pull(el: Element, dx: number, dy: number) {
  fireEvent.touchStart(el, { touches: [{ clientX: 100, clientY: 100 }] });
  fireEvent.touchMove(el, { touches: [{ clientX: 100 + dx, clientY: 100 + dy }] });
  await act(async () => {
    fireEvent.touchEnd(el, { changedTouches: [{ clientX: 100 + dx, clientY: 100 + dy }] });
  });
}

beforeAll(() => setupI18n('en'));
afterEach(cleanup);

describe('PullToRefresh', () => {
  it('a long pull from the top refetches the page’s queries, with the release hint on the way', async () => {
    await setup();
    await screen.findByText('1');
    const n = screen.getByTestId('n');
    fireEvent.touchStart(n, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchMove(n, { touches: [{ clientX: 100, clientY: 260 }] });
    expect(screen.getByTestId('m-pull').textContent).not.toBe('');
    expect(screen.getByTestId('m-pull').textContent).not.toMatch(/pull\./);
    await act(async () => {
      fireEvent.touchEnd(n, { changedTouches: [{ clientX: 100, clientY: 260 }] });
    });
    expect(await screen.findByText('2')).toBeTruthy();
  });

  it('a short, sideways or in-field pull leaves the page as it is', async () => {
    await setup();
    await screen.findByText('1');
    await pull(screen.getByTestId('n'), 0, 60);
    await pull(screen.getByTestId('n'), 200, 150);
    await pull(screen.getByTestId('field'), 0, 300);
    expect(calls).toBe(1);
  });
});
