import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSwipe } from './use-swipe';

// Swiping between the tabs of a match page: only a clearly sideways move of 60 px or more counts.

const TABS = ['timeline', 'stats', 'h2h'] as const;

function Tabs() {
  const [tab, setTab] = useState<(typeof TABS)[number]>('timeline');
  const swipe = useSwipe(TABS, tab, setTab);
  return (
    <div data-testid="pane" {...swipe}>
      <p data-testid="tab">{tab}</p>
      <input data-testid="field" />
      <div data-no-swipe data-testid="strip" />
    </div>
  );
}

function drag(el: Element, from: [number, number], to: [number, number]) {
  fireEvent.touchStart(el, { touches: [{ clientX: from[0], clientY: from[1] }] });
  fireEvent.touchEnd(el, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
}

afterEach(cleanup);

describe('useSwipe', () => {
  it('a left swipe goes to the next tab, a right one back, never past the ends', () => {
    render(<Tabs />);
    const pane = screen.getByTestId('pane');
    drag(pane, [300, 100], [200, 110]);
    expect(screen.getByTestId('tab').textContent).toBe('stats');
    drag(pane, [300, 100], [200, 100]);
    drag(pane, [300, 100], [200, 100]);
    expect(screen.getByTestId('tab').textContent).toBe('h2h');
    drag(pane, [100, 100], [200, 100]);
    expect(screen.getByTestId('tab').textContent).toBe('stats');
    drag(pane, [100, 100], [200, 100]);
    drag(pane, [100, 100], [200, 100]);
    expect(screen.getByTestId('tab').textContent).toBe('timeline');
  });

  it('a short or mostly vertical move (scrolling) keeps the tab', () => {
    render(<Tabs />);
    const pane = screen.getByTestId('pane');
    drag(pane, [300, 100], [250, 100]);
    drag(pane, [300, 100], [220, 200]);
    expect(screen.getByTestId('tab').textContent).toBe('timeline');
  });

  it('moves that start in a field or a strip of its own are left to them', () => {
    render(<Tabs />);
    drag(screen.getByTestId('field'), [300, 100], [100, 100]);
    drag(screen.getByTestId('strip'), [300, 100], [100, 100]);
    expect(screen.getByTestId('tab').textContent).toBe('timeline');
  });
});
