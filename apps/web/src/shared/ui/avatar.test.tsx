import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows a preset avatar from its raster rendition, and any other picture as it is', () => {
    const { container } = render(
      <>
        <Avatar src="/avatars/7.svg" alt="Ann" />
        <Avatar src="/uploads/avatar/u7/a.png" alt="Bo" />
        <Avatar src="/avatars/x.svg" alt="Cy" />
      </>,
    );
    const srcs = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(srcs).toEqual(['/avatars/7.webp', '/uploads/avatar/u7/a.png', '/avatars/x.svg']);
  });

  it('draws the initial when there is no picture', () => {
    const { container } = render(<Avatar src={null} alt="lucía" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('L');
  });
});
