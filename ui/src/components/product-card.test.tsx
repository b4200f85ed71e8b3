import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18nStore } from '../i18n/i18n-store';
import { makeSummary } from '../testing/products';
import type { ListProduct } from '../lib/product';
import { ProductCard } from './product-card';

function renderCard(product: ListProduct = makeSummary('SF-1001'), base = '') {
  const memory = memoryLocation({ path: '/' });
  return render(
    <Router hook={memory.hook} base={base}>
      <ul>
        <ProductCard product={product} />
      </ul>
    </Router>,
  );
}

describe('ProductCard', () => {
  it('links the product page under the current language, named by the name the list sent', () => {
    i18nStore.set((s) => ({ ...s, locale: 'th' }));
    renderCard(makeSummary('SF-1001', {}, 'th'), '/th');
    const link = screen.getByRole('link', { name: 'สินค้า SF-1001' });
    expect(link.getAttribute('href')).toBe('/th/products/SF-1001');
  });

  it('shows the summary\'s name as it is: the server already chose the language and the fallback', () => {
    i18nStore.set((s) => ({ ...s, locale: 'km' }));
    renderCard(makeSummary('SF-1001', { name: 'Nara 3-Seat Sofa' }));
    expect(screen.getByRole('link', { name: 'Nara 3-Seat Sofa' })).toBeTruthy();
  });

  it('is named by its code when the product has no name at all', () => {
    renderCard(makeSummary('SF-1001', { name: '' }));
    expect(screen.getByRole('link', { name: 'SF-1001' })).toBeTruthy();
  });

  it('shows a lazy photo in its reserved 4:3 box, from the resized variants', () => {
    const { container } = renderCard();
    const image = container.querySelector('img')!;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(image.getAttribute('width')).toBe('800');
    expect(image.getAttribute('height')).toBe('600');
    expect(image.getAttribute('src')).toBe('/api/file/images/demo/SF-1001-1.png?w=320');
    expect(image.getAttribute('srcset')?.split(', ')).toHaveLength(5);
    expect(image.getAttribute('sizes')).toContain('240px');
  });

  it('shows the price in baht and only the stock states that matter', () => {
    const { container, unmount } = renderCard(makeSummary('A-1', { price: 1890000, compareAtPrice: 2190000, stock: 2 }));
    expect(container.querySelector('.price')?.textContent).toBe('฿18,900Regular price ฿21,900');
    expect(container.querySelector('.stock-note')?.textContent).toBe('Only 2 left');
    unmount();
    const inStock = renderCard(makeSummary('A-2', { stock: 40 }));
    expect(inStock.container.querySelector('.stock-note')).toBeNull();
    inStock.unmount();
    expect(renderCard(makeSummary('A-3', { stock: 0 })).container.querySelector('.stock-note')?.textContent).toBe('Out of stock');
  });

  it('shows a placeholder when the product has no photo', () => {
    const { container } = renderCard(makeSummary('A-4', { image: null }));
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.product-image--missing')).toBeTruthy();
  });

  it('says "from" the lowest price when variants differ in price, with up to five colour dots', () => {
    i18nStore.set((s) => ({ ...s, locale: 'en' }));
    const swatches = ['grey', 'beige', 'green', 'blue', 'black', 'white'].map((key) => ({ key, swatch: key === 'grey' ? '#8a8d91' : null }));
    const { container } = renderCard({ ...makeSummary('SF-1001', { price: 1_590_000 }), maxPrice: 2_190_000, swatches } as ListProduct);
    expect(container.querySelector('.price__now')?.textContent).toBe('from ฿15,900');
    expect(container.querySelectorAll('.product-card__dot')).toHaveLength(5);
    expect(container.querySelector<HTMLElement>('.product-card__dot')?.style.background).toMatch(/8a8d91|rgb\(138, 141, 145\)/);
    expect(screen.getByText('Available in 6 colours')).toBeTruthy();
  });

  it('opens the variant a search matched, at its own price (no "from")', () => {
    renderCard({ ...makeSummary('SF-1001', { price: 1_890_000 }), maxPrice: 2_190_000, variant: 'SF-1001-GRY-3' } as ListProduct);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/products/SF-1001?variant=SF-1001-GRY-3');
    expect(document.querySelector('.price__now')?.textContent).toBe('฿18,900');
  });
});
