import { render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ProductCard } from '../../../components/product-card';
import { ProductSlotsContext } from '../../../components/product-slots';
import { i18nStore } from '../../../i18n/i18n-store';
import { jsonResponse, makeSummary } from '../../../testing/products';
import { promotions } from '../promotions-store';
import { PromotionBadge } from './promotion-badge';
import { PromotionPrice } from './promotion-price';

afterEach(() => vi.unstubAllGlobals());

const PROMOTIONS = [
  { id: 'sofa-month', lang: '', catInc: ['sofas'], discount: { kind: 'percent', value: 10 } },
  { id: 'thai-decor-day', lang: 'th', catInc: ['decor'], catExc: ['rugs'], discount: { kind: 'amount', value: 10_000 } },
];

function renderCard(product = makeSummary('SF-1003')) {
  promotions.store.set({ status: 'idle', data: null, error: null });
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 'success', promotions: PROMOTIONS })));
  const memory = memoryLocation({ path: '/' });
  return render(
    <Router hook={memory.hook}>
      <ProductSlotsContext.Provider value={{ badge: PromotionBadge, price: PromotionPrice }}>
        <ul>
          <ProductCard product={product} />
        </ul>
      </ProductSlotsContext.Provider>
    </Router>,
  );
}

describe('promotion badge on a product card', () => {
  it('shows the discount of a promotion that applies, and says it in words', async () => {
    renderCard(makeSummary('SF-1003', { categories: ['sofas'] }));
    const badge = await screen.findByTestId('promo-badge');
    expect(badge.textContent).toBe('−10 %Promotion: 10 % off');
    expect(badge.querySelector('[aria-hidden="true"]')?.textContent).toBe('−10 %');
  });

  it('shows a Thai-only amount in Thai and nothing in English', async () => {
    i18nStore.set((s) => ({ ...s, locale: 'th' }));
    const { unmount } = renderCard(makeSummary('DC-7001', { categories: ['lighting', 'decor'] }));
    expect((await screen.findByTestId('promo-badge')).textContent).toContain('−฿100');
    unmount();
    i18nStore.set((s) => ({ ...s, locale: 'en' }));
    const { container } = renderCard(makeSummary('DC-7001', { categories: ['lighting', 'decor'] }));
    await vi.waitFor(() => expect(promotions.store.get().status).toBe('ready'));
    expect(container.querySelector('[data-testid="promo-badge"]')).toBeNull();
  });

  it('prices the card as the cart charges it: after the promotion, against the full price', async () => {
    const { container } = renderCard(makeSummary('SF-1003', { categories: ['sofas'], price: 2_290_000 }));
    await screen.findByTestId('promo-badge');
    expect(container.querySelector('.price__now')?.textContent).toBe('฿20,610');
    expect(container.querySelector('.price__was')?.textContent).toBe('Regular price ฿22,900');
  });

  it('gives one figure for a promotion on a product already on sale: the whole saving', async () => {
    const { container } = renderCard(makeSummary('SF-1001', { categories: ['sofas'], price: 1_890_000, compareAtPrice: 2_190_000 }));
    const badge = await screen.findByTestId('promo-badge');
    expect(badge.querySelector('[aria-hidden="true"]')?.textContent).toBe('−22 %');
    expect(container.querySelector('.price__now')?.textContent).toBe('฿17,010');
    expect(container.querySelector('.price__was')?.textContent).toBe('Regular price ฿21,900');
  });

  it('leaves the price alone where no promotion applies', async () => {
    const { container } = renderCard(makeSummary('BD-3001', { categories: ['beds'], price: 1_500_000 }));
    await vi.waitFor(() => expect(promotions.store.get().status).toBe('ready'));
    expect(container.querySelector('.price__now')?.textContent).toBe('฿15,000');
    expect(container.querySelector('.price__was')).toBeNull();
  });

  it('stays away without the app slot', () => {
    const memory = memoryLocation({ path: '/' });
    const { container } = render(
      <Router hook={memory.hook}>
        <ul>
          <ProductCard product={makeSummary('SF-1003')} />
        </ul>
      </Router>,
    );
    expect(container.querySelector('.product-card__badges')).toBeNull();
  });
});
