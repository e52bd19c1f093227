import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RoomCard as Room } from '@livesports/contracts/live';
import { Providers, setupI18n } from '@/test-utils';
import { RoomCard } from './room-card';

// A live card never shows the browser's broken-picture icon: the drawn cover stands in until the
// first still of the stream exists, and whenever a picture fails.

const room = (over: Partial<Room> = {}): Room => ({
  room_id: 7,
  uid: 7,
  nickname: 'Marco Live',
  avatar: '',
  title: 'El Clásico live',
  cover: '',
  thumb: '/live/7/thumb.jpg?m=1',
  type: 1,
  status: 2,
  is_live: 1,
  online: 6,
  heat: 6,
  start_time: null,
  level: 3,
  exp: 5200,
  ...over,
});

beforeAll(() => setupI18n('en'));
afterEach(cleanup);

describe('live room card', () => {
  it('shows the still of the live picture while it loads', () => {
    const view = render(<RoomCard room={room()} />, { wrapper: Providers });
    expect(view.container.querySelector('img')?.getAttribute('src')).toBe('/live/7/thumb.jpg?m=1');
    expect(view.container.querySelector('.room-card__art')).toBeNull();
  });

  it('draws the placeholder cover when the still does not exist yet (the image fails)', () => {
    const view = render(<RoomCard room={room()} />, { wrapper: Providers });
    fireEvent.error(view.container.querySelector('img')!);
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.container.querySelector('.room-card__art')).not.toBeNull();
  });

  it('tries the still again once its address moves on (a minute later)', () => {
    const view = render(<RoomCard room={room()} />, { wrapper: Providers });
    fireEvent.error(view.container.querySelector('img')!);
    view.rerender(<RoomCard room={room({ thumb: '/live/7/thumb.jpg?m=2' })} />);
    expect(view.container.querySelector('img')?.getAttribute('src')).toBe('/live/7/thumb.jpg?m=2');
  });

  it('draws the placeholder when there is no picture at all', () => {
    const view = render(<RoomCard room={room({ thumb: '', is_live: 0 })} />, { wrapper: Providers });
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.container.querySelector('.room-card__art')).not.toBeNull();
  });
});
