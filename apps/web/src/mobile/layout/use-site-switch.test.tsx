import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, useLeaveWhenWide } from './use-site-switch';

// Spec §1: a window widened back to 500 px or more leaves the mobile site for the same page.

function setSize(width: number, screenWidth: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window.screen, 'width', { configurable: true, value: screenWidth });
  Object.defineProperty(window.screen, 'height', { configurable: true, value: 800 });
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function MobilePage() {
  useLeaveWhenWide();
  return <Where />;
}

function renderAt(url: string) {
  // The hook reads the address bar, as the browser router keeps it.
  window.history.replaceState(null, '', url);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/m/*" element={<MobilePage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('leaving the mobile site when the window is wide', () => {
  it('stays while the window is narrow', () => {
    setSize(390, 390);
    const view = renderAt('/m/search?name=goal');
    expect(view.getByTestId('where').textContent).toBe('/m/search?name=goal');
  });

  it('goes to the desktop page with the same query when widened', () => {
    setSize(390, 390);
    const view = renderAt('/m/search?name=goal');
    act(() => {
      setSize(1280, 1280);
      window.dispatchEvent(new Event('resize'));
    });
    expect(view.getByTestId('where').textContent).toBe('/search?name=goal');
  });

  it('goes even when the screen reports its new size only after the resize event', () => {
    vi.useFakeTimers();
    setSize(390, 390);
    const view = renderAt('/m/search?name=goal');
    act(() => {
      // The window is wide, but the screen still says phone at the moment of the event.
      setSize(1280, 390);
      window.dispatchEvent(new Event('resize'));
    });
    expect(view.getByTestId('where').textContent).toBe('/m/search?name=goal');
    act(() => {
      setSize(1280, 1280);
      vi.advanceTimersByTime(SETTLE_MS);
    });
    expect(view.getByTestId('where').textContent).toBe('/search?name=goal');
  });
});
