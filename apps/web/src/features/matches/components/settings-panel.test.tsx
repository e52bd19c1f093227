import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelope, mockFetch, Providers, setupI18n } from '@/test-utils';
import '../locales';
import { SettingsPanel } from './settings-panel';

// The list options a fan sees beside a match list: the football-only ones are not offered on
// basketball lists, where they would change nothing.

beforeAll(async () => {
  await setupI18n('en');
  mockFetch(() => envelope({ code: 200, msg: 'Success', data: [{ id: 1, name: 'Bet A' }] }));
});
afterEach(cleanup);

const options = () => ['value1', 'value2', 'value3', 'value4'].filter((k) => screen.queryByTestId(`setting-${k}`));

describe('match list settings', () => {
  it('football offers cards, half-time and corners, odds and league position', () => {
    render(
      <Providers>
        <SettingsPanel sport="football" />
      </Providers>,
    );
    expect(options()).toEqual(['value1', 'value2', 'value3', 'value4']);
  });

  it('basketball offers odds and league position only; the alerts stay', () => {
    render(
      <Providers>
        <SettingsPanel sport="basketball" />
      </Providers>,
    );
    expect(options()).toEqual(['value3', 'value4']);
    expect(screen.getByTestId('setting-voice')).toBeTruthy();
  });
});
