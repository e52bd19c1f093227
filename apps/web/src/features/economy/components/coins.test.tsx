import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setupI18n } from '@/test-utils';
import { Coins, Money } from './coins';

// Amounts are written the way a reader of the interface language reads numbers: "2,000" is two
// thousand in English and two in Spanish.

afterEach(cleanup);

describe('coins and money for the reader', () => {
  it('groups and marks decimals the English way in English', async () => {
    await setupI18n('en');
    expect(render(<Coins value={20_005} />).container.textContent).toBe('2,000.5');
    cleanup();
    expect(render(<Money cents={19_800} currency="USD" />).container.textContent).toBe('$198.00');
  });

  it('the Spanish way in Spanish', async () => {
    await setupI18n('es');
    expect(render(<Coins value={130_000} />).container.textContent).toBe('13.000');
    cleanup();
    expect(render(<Coins value={19_805} signed />).container.textContent).toBe('+1980,5');
    cleanup();
    expect(render(<Money cents={19_800} currency="EUR" />).container.textContent?.replace(/\s/g, ' ')).toBe('198,00 €');
  });
});
