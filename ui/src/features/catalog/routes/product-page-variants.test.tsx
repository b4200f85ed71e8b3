import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ProductSlotsContext, type BuyBoxProps } from '../../../components/product-slots';
import { forgetSummaries } from '../../../lib/product';
import { forgetRemote } from '../../../lib/use-remote';
import { jsonResponse } from '../../../testing/products';
import { VARIANT_SOFA } from '../../../testing/variants';
import { ProductPage } from './product-page';

const labels = { loaded: true, groups: {} };

beforeEach(() => {
  forgetRemote();
  forgetSummaries();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/app/product/get/')) return jsonResponse({ status: 'success', product: VARIANT_SOFA });
      if (url.startsWith('/api/app/category/tree')) return jsonResponse({ status: 'success', categories: [] });
      return jsonResponse({ status: 'success', products: [], total: 0 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function BuyBox({ variant, choice }: BuyBoxProps) {
  return <p data-testid="buy">{`${variant?.code ?? 'none'} ${choice ?? ''}`}</p>;
}

function visit(search = '') {
  const memory = memoryLocation({ path: `/products/SF-2001${search}`, record: true });
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ProductSlotsContext.Provider value={{ buy: BuyBox }}>
        <ProductPage code="SF-2001" labels={labels} />
      </ProductSlotsContext.Provider>
    </Router>,
  );
  return { ...view, memory };
}

const price = (container: Element) => container.querySelector('.product__price .price__now')?.textContent;
const mainPhoto = (container: Element) => container.querySelector<HTMLImageElement>('.gallery img, .product img')?.getAttribute('src') ?? '';

describe('a product with options', () => {
  it('shows the URL’s variant from the first render of the product, and a choice replaces the URL’s variant', async () => {
    const { container, memory } = visit('?variant=SF-2001-SND-3');
    await screen.findByRole('radiogroup', { name: 'Fabric' });
    expect(price(container)).toBe('฿19,900');
    expect(screen.getByTestId('product-sku').textContent).toBe('SF-2001-SND-3');
    expect(screen.getByTestId('buy').textContent).toBe('SF-2001-SND-3 Sand / 3-seat');
    expect(mainPhoto(container)).toContain('SF-2001-3.png');
    // Sand was never made as a 2-seat.
    expect((screen.getByRole('radio', { name: /^2-seat, / }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Grey' }));
    await waitFor(() => expect(price(container)).toBe('฿18,900'));
    expect(memory.history?.at(-1)).toBe('/products/SF-2001?variant=SF-2001-GRY-3');
    expect(memory.history).toHaveLength(1);
    expect(container.querySelector('.product__price .price__was')?.textContent).toContain('฿21,900');
    expect(mainPhoto(container)).toContain('SF-2001-2.png');
    expect(screen.getByTestId('buy').textContent).toBe('SF-2001-GRY-3 Grey / 3-seat');
  });

  it('tells a sold-out value from one never made, and both cannot be chosen', async () => {
    visit();
    const grey = (await screen.findByRole('radio', { name: 'Grey' })) as HTMLInputElement;
    expect(grey.checked).toBe(true);
    const twoSeat = screen.getByRole('radio', { name: '2-seat, sold out' }) as HTMLInputElement;
    const green = screen.getByRole('radio', { name: 'Green, not available' }) as HTMLInputElement;
    expect(twoSeat.disabled && green.disabled).toBe(true);
    expect(twoSeat.closest('label')?.className).toContain('variant-value--soldOut');
    expect(green.closest('label')?.className).toContain('variant-value--missing');
  });
});
