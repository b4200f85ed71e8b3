import { act, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ProductSlotsContext } from '../../../components/product-slots';
import { i18nStore } from '../../../i18n/i18n-store';
import { forgetSummaries, rememberSummaries } from '../../../lib/product';
import { forgetRemote } from '../../../lib/use-remote';
import { jsonResponse, langOf, makeProduct, makeSummary, summaryOf } from '../../../testing/products';
import { listProducts } from '../api/list-products';
import { ProductPage } from './product-page';

const labels = { loaded: true, groups: { material: { fabric: { en: 'Fabric' } }, colour: { grey: { en: 'Grey' } } } };

const SOFA = makeProduct('SF-1001', {
  name: { en: 'Nara 3-Seat Sofa', th: 'โซฟา นารา', my: '', km: '', id: '' },
  images: ['/api/file/images/demo/SF-1001-1.png', '/api/file/images/demo/SF-1001-2.png'],
  price: 1_890_000,
  compareAtPrice: 2_190_000,
});

let requests: string[] = [];
/** Answers the pending product/get request. */
let answerProduct: () => void = () => undefined;

beforeEach(() => {
  forgetRemote();
  forgetSummaries();
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.startsWith('/api/app/product/get/')) {
        return new Promise<Response>((resolve) => {
          answerProduct = () => resolve(jsonResponse({ status: 'success', product: SOFA }));
        });
      }
      if (url.startsWith('/api/app/product/related/')) {
        const products = [makeProduct('SF-1002'), makeProduct('SF-1003')].map((product) => summaryOf(product, langOf(url)));
        return jsonResponse({ status: 'success', products, total: products.length });
      }
      if (url.startsWith('/api/app/product/list')) {
        return jsonResponse({ status: 'success', products: [summaryOf(SOFA, langOf(url))], total: 1, page: 1, limit: 24, facets: undefined });
      }
      if (url.startsWith('/api/app/category/tree')) return jsonResponse({ status: 'success', categories: [] });
      return jsonResponse({ status: 'error', error: { code: 'not_found', message: url } }, 404);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function visit(code: string, slots = {}) {
  const memory = memoryLocation({ path: `/products/${code}` });
  return render(
    <Router hook={memory.hook}>
      <ProductSlotsContext.Provider value={slots}>
        <ProductPage code={code} labels={labels} />
      </ProductSlotsContext.Provider>
    </Router>,
  );
}

const productRequests = () => requests.filter((url) => url.startsWith('/api/app/product/get/'));

describe('the product page opened from a list', () => {
  it('never takes a list summary for the product: the whole product is still asked for', async () => {
    await listProducts({ room: 'living' }, 'en');
    visit('SF-1001');
    expect(productRequests()).toEqual(['/api/app/product/get/SF-1001']);
    // Until it comes, the summary stands in.
    expect(screen.getByRole('heading', { level: 1, name: 'Nara 3-Seat Sofa' })).toBeTruthy();
  });

  it('shows at once what the summary has, with skeletons for the rest, and keeps its elements when the product arrives', async () => {
    rememberSummaries([summaryOf(SOFA)], 'en');
    const BuyBox = () => <button type="button">Add to cart</button>;
    const { container } = visit('SF-1001', { buy: BuyBox });

    expect(screen.getByRole('heading', { level: 1, name: 'Nara 3-Seat Sofa' })).toBeTruthy();
    expect(container.querySelector('.product__code')?.textContent).toBe('Code: SF-1001');
    expect(container.querySelector('.product__summary .price')?.textContent).toBe('฿18,900Regular price ฿21,900');
    expect(screen.getByText('You save ฿3,000 (13%)')).toBeTruthy();
    const photo = container.querySelector('.gallery__image') as HTMLImageElement;
    expect(photo.getAttribute('src')).toBe('/api/file/images/demo/SF-1001-1.png?w=640');
    expect(photo.getAttribute('alt')).toBe('Nara 3-Seat Sofa');
    expect(container.querySelector('.product-page')?.getAttribute('aria-busy')).toBe('true');
    // Description, facts and buy box wait as placeholders of their own shape.
    expect(screen.getAllByRole('status', { name: 'Loading…' }).some((status) => status.classList.contains('product__description'))).toBe(true);
    expect(container.querySelectorAll('.product__facts .skeleton')).toHaveLength(6);
    expect(container.querySelector('.buy-box--loading')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();

    await act(async () => answerProduct());
    expect(await screen.findByText('About SF-1001.')).toBeTruthy();
    expect(container.querySelector('.product__facts')?.textContent).toContain('200 × 90 × 80 cm');
    expect(container.querySelector('.product__facts .skeleton')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Show photo/ })).toHaveLength(2);
    expect(container.querySelector('.product-page')?.hasAttribute('aria-busy')).toBe(false);
    // The same photo element stays: nothing is rebuilt, so nothing jumps.
    expect(container.querySelector('.gallery__image')).toBe(photo);
    expect(screen.getByRole('heading', { level: 1, name: 'Nara 3-Seat Sofa' })).toBeTruthy();
  });

  it('shows the plain skeleton when no list showed the product', () => {
    visit('SF-1001');
    expect(screen.getByRole('status', { name: 'Loading…' }).classList.contains('product-page--loading')).toBe(true);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('does not show a summary named in another language', () => {
    rememberSummaries([summaryOf(SOFA, 'th')], 'th');
    visit('SF-1001');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('asks for the related products named in the current language', async () => {
    i18nStore.set((s) => ({ ...s, locale: 'th' }));
    rememberSummaries([makeSummary('SF-1001', {}, 'th')], 'th');
    visit('SF-1001');
    await waitFor(() => expect(requests).toContain('/api/app/product/related/SF-1001?lang=th'));
    expect(await screen.findByRole('link', { name: 'สินค้า SF-1002' })).toBeTruthy();
  });
});

describe('the price and the buy bar', () => {
  /** Stands in for the promotions feature's price slot: 10 % off, as the cart would charge. */
  function TenPercentOff({ product, size, saving }: { product: { price: number; compareAtPrice: number | null }; size?: 'sm' | 'md' | 'lg'; saving?: boolean }) {
    return (
      <p class={`slot-price slot-price--${size}`} data-saving={saving ? 'yes' : 'no'}>
        {product.price * 0.9}
      </p>
    );
  }
  const Badge = () => <span data-testid="promo-badge">−10 %</span>;
  const BuyBox = () => <button type="button">Add to cart</button>;

  it('shows the price slot’s price with its one saving line, and no second figure beside it', async () => {
    const { container } = visit('SF-1001', { price: TenPercentOff, badge: Badge, buy: BuyBox });
    act(() => answerProduct());
    await screen.findByRole('button', { name: 'Add to cart' });
    const main = container.querySelector('.product__price .slot-price--lg')!;
    expect(main.textContent).toBe(String(1_890_000 * 0.9));
    expect(main.getAttribute('data-saving')).toBe('yes');
    expect(container.querySelector('.product__summary [data-testid="promo-badge"]')).toBeNull();
  });

  it('puts the price beside "Add to cart" in the buy bar, hidden from screen readers who heard it above', async () => {
    const { container } = visit('SF-1001', { price: TenPercentOff, buy: BuyBox });
    act(() => answerProduct());
    await screen.findByRole('button', { name: 'Add to cart' });
    const bar = container.querySelector('.product__buy')!;
    const barPrice = bar.querySelector('.product__buy-price')!;
    expect(barPrice.getAttribute('aria-hidden')).toBe('true');
    expect(barPrice.querySelector('.slot-price--sm')?.getAttribute('data-saving')).toBe('no');
    expect(bar.querySelector('button')?.textContent).toBe('Add to cart');
  });

  it('without the slot shows the product’s own price and saving against the compare-at price', async () => {
    const { container } = visit('SF-1001', { buy: BuyBox });
    act(() => answerProduct());
    await screen.findByRole('button', { name: 'Add to cart' });
    expect(container.querySelector('.product__price .price__now')?.textContent).toBe('฿18,900');
    expect(container.querySelector('.product__price .price-saving')?.textContent).toBe('You save ฿3,000 (13%)');
  });
});
