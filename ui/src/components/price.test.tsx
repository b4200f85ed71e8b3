import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Price } from './price';

describe('Price', () => {
  it('shows integer satang as baht in the Thai format', () => {
    const { container } = render(<Price product={{ price: 1890000, compareAtPrice: null }} />);
    expect(container.textContent).toBe('฿18,900');
    expect(container.querySelector('s')).toBeNull();
  });

  it('shows satang as two decimals when the price is not whole baht', () => {
    const { container } = render(<Price product={{ price: 129950, compareAtPrice: null }} />);
    expect(container.textContent).toBe('฿1,299.50');
  });

  it('crosses out a higher compare-at price, named for screen readers', () => {
    const { container } = render(<Price product={{ price: 1890000, compareAtPrice: 2190000 }} />);
    expect(container.querySelector('.price__now')?.textContent).toBe('฿18,900');
    const was = container.querySelector('s.price__was');
    expect(was?.textContent).toBe('Regular price ฿21,900');
    expect(was?.querySelector('.visually-hidden')?.textContent).toBe('Regular price ');
  });

  it('ignores a compare-at price that is not above the price', () => {
    const { container } = render(<Price product={{ price: 1890000, compareAtPrice: 1890000 }} />);
    expect(container.querySelector('s')).toBeNull();
  });
});
