import { act, cleanup, fireEvent, render, screen as ui } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@/test-utils';
import '../../locales';
import { LivePlayer } from './live-player';
import { fullscreenWay, lockLandscape, needsQuarterTurn, wantsLandscape } from './phone-fullscreen';

// Full screen on a phone: a landscape picture takes the long side of the screen, by the
// orientation lock where the browser has it, else by turning the picture a quarter.

const portraitPhone = { width: 390, height: 844 };

describe('phone full screen rules', () => {
  it('turns a landscape picture only when the screen could not be locked and is still upright', () => {
    expect(needsQuarterTurn({ width: 1280, height: 720 }, false, portraitPhone)).toBe(true);
    expect(needsQuarterTurn({ width: 1280, height: 720 }, true, portraitPhone)).toBe(false);
    expect(needsQuarterTurn({ width: 1280, height: 720 }, false, { width: 844, height: 390 })).toBe(false);
    // A portrait stream from a phone encoder stays upright; an unknown size counts as landscape.
    expect(needsQuarterTurn({ width: 720, height: 1280 }, false, portraitPhone)).toBe(false);
    expect(wantsLandscape(null)).toBe(true);
  });

  it('picks the element full screen, else the video’s own (iOS), else the page', () => {
    const fn = () => undefined;
    expect(fullscreenWay({ requestFullscreen: fn }, { webkitEnterFullscreen: fn })).toBe('element');
    expect(fullscreenWay({}, { webkitEnterFullscreen: fn })).toBe('native-video');
    expect(fullscreenWay({}, {})).toBe('page');
  });

  it('reports whether the lock took', async () => {
    expect(await lockLandscape(undefined)).toBe(false);
    expect(await lockLandscape({ lock: () => Promise.reject(new Error('NotSupportedError')) })).toBe(false);
    expect(await lockLandscape({ lock: () => Promise.resolve() })).toBe(true);
  });
});

describe('LivePlayer on a phone', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
  });

  function setup(lock: () => Promise<void>, withElementFullscreen = true) {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
    Object.defineProperty(window.screen, 'orientation', { configurable: true, value: { lock: vi.fn(lock), unlock: vi.fn() } });
    const stage = document.createElement('div');
    if (withElementFullscreen)
      stage.requestFullscreen = vi.fn(async () => {
        Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: stage });
        document.dispatchEvent(new Event('fullscreenchange'));
      });
    else Object.defineProperty(stage, 'requestFullscreen', { configurable: true, value: undefined });
    document.body.append(stage);
    const ref = createRef<HTMLElement>();
    (ref as { current: HTMLElement | null }).current = stage;
    render(<LivePlayer touch levels={[]} ladder onReconnect={() => undefined} theater={false} onTheater={() => undefined} fullscreenRef={ref} controlsExtra={<button type="button">extra</button>} />);
    return { stage, player: ui.getByTestId('live-player'), button: ui.getByTestId('player-fullscreen') };
  }

  it('locks the screen to landscape when it can: the picture is not turned', async () => {
    const { stage, player, button } = setup(() => Promise.resolve());
    await act(async () => fireEvent.click(button));
    expect(stage.requestFullscreen).toHaveBeenCalled();
    expect(screen.orientation.lock).toHaveBeenCalledWith('landscape');
    expect(player.dataset.turned).toBe('false');
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('turns the picture when the lock is refused, and back when full screen ends', async () => {
    const { player, button } = setup(() => Promise.reject(new Error('NotSupportedError')));
    await act(async () => fireEvent.click(button));
    expect(player.dataset.turned).toBe('true');
    expect(player.className).toContain('player--turned');
    await act(async () => {
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(player.dataset.turned).toBe('false');
    expect(screen.orientation.unlock).toHaveBeenCalled();
  });

  it('covers the page when the browser has no element full screen; a second tap leaves', async () => {
    const { player, button } = setup(() => Promise.reject(new Error('no')), false);
    await act(async () => fireEvent.click(button));
    expect(player.className).toContain('player--page-full');
    expect(player.dataset.turned).toBe('true');
    await act(async () => fireEvent.click(button));
    expect(player.className).not.toContain('player--page-full');
    expect(player.dataset.turned).toBe('false');
  });

  it('shows the extra controls in the bar', () => {
    setup(() => Promise.resolve());
    expect(ui.getByText('extra').closest('.player__bar')).not.toBeNull();
  });
});
