import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nStore } from '../../../i18n/i18n-store';
import { jsonResponse, langOf, makeProduct, summaryOf } from '../../../testing/products';
import { promotionDraft } from '../promotion-rules';
import { ProductPicker } from './key-picker';

afterEach(() => vi.unstubAllGlobals());

describe('ProductPicker', () => {
  it('finds products named in the staff member\'s language and includes one by its code', async () => {
    i18nStore.set((s) => ({ ...s, locale: 'th' }));
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requests.push(url);
        const products = [summaryOf(makeProduct('SF-1001'), langOf(url))];
        return jsonResponse({ status: 'success', products, total: 1, page: 1, limit: 8 });
      }),
    );
    const onToggle = vi.fn();
    const { container } = render(<ProductPicker draft={promotionDraft(null)} onToggle={onToggle} />);
    fireEvent.input(container.querySelector('#promo-product-search')!, { target: { value: 'sofa' } });
    await waitFor(() => expect(container.querySelector('.promo-found__name')?.textContent).toBe('SF-1001 สินค้า SF-1001'));
    expect(requests).toEqual(['/api/app/search?keyword=sofa&limit=8&lang=th']);
    fireEvent.click(screen.getAllByRole('button')[0]!);
    expect(onToggle).toHaveBeenCalledWith('prodInc', 'SF-1001');
  });
});
