import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { makeCart, makeLine } from '../../../testing/carts';
import { jsonResponse, makeProduct } from '../../../testing/products';
import { loadCart, replaceCart } from '../cart-store';
import { Toasts } from '../../../components/toasts';
import { VARIANT_SOFA } from '../../../testing/variants';
import { AddToCart } from './add-to-cart';

const MID = '3f2c8a4e-9b1d-4c6e-8f7a-2d5b9e1c0a47';

afterEach(() => vi.unstubAllGlobals());

function renderBuyBox(product = makeProduct('SF-1002', { stock: 3 })) {
  const memory = memoryLocation({ path: '/products/SF-1002' });
  return render(
    <Router hook={memory.hook}>
      <AddToCart product={product} />
    </Router>,
  );
}

describe('the buy box', () => {
  it('offers nothing to buy when the product is out of stock or no longer sold', () => {
    const { unmount } = renderBuyBox(makeProduct('SF-1006', { stock: 0 }));
    expect((screen.getByRole('button', { name: 'Out of stock' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    unmount();
    renderBuyBox(makeProduct('TB-3204', { active: false }));
    expect((screen.getByRole('button', { name: 'No longer sold' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts what the cart already holds against the stock', async () => {
    window.localStorage.setItem('kiosk.mid', MID);
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 'success', cart: makeCart(MID, [makeLine('SF-1002', { qty: 2 })]) })));
    await loadCart(MID);
    renderBuyBox();
    // Stock 3, 2 in the cart: one more can be added.
    expect(screen.getByText('2 in your cart.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      expect(JSON.parse(String(init?.body))).toEqual({ id: MID, code: 'SF-1002', qty: 1 });
      return jsonResponse({ status: 'success', cart: makeCart(MID, [makeLine('SF-1002', { qty: 3 })]) });
    });
    vi.stubGlobal('fetch', fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getByText('All 3 in stock are in your cart.')).toBeTruthy());
    // Unavailable, yet still focusable (see the next test): pressing it again adds nothing.
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps focus on the button while adding and after, and confirms in a polite live region', async () => {
    replaceCart(makeCart(MID, []));
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const toasts = render(<Toasts />);
    renderBuyBox();
    const button = screen.getByRole('button', { name: 'Add to cart' });
    button.focus();
    fireEvent.click(button);
    // While the request runs the button says so, refuses a second press and keeps focus.
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.textContent).toContain('Adding…');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
    answer(jsonResponse({ status: 'success', cart: makeCart(MID, [makeLine('SF-1002', { qty: 1 })]) }));
    await waitFor(() => expect(screen.getByText('1 in your cart.')).toBeTruthy());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-busy')).toBeNull();
    const live = toasts.container.querySelector('[aria-live="polite"]');
    await waitFor(() => expect(live?.textContent).toContain('Added to your cart'));
  });

  it('says what the server refused', async () => {
    replaceCart(makeCart(MID, []));
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 'error', error: { code: 'out_of_stock', message: 'SF-1002: only 3 in stock' } }, 400)));
    renderBuyBox();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getByText('There is not enough stock of SF-1002 any more.')).toBeTruthy());
  });

  it('sells the chosen variant of a product with options: its code, its stock; a product without options sells itself', async () => {
    replaceCart(makeCart(MID, []));
    const sofa = VARIANT_SOFA;
    const chosen = sofa.variants?.find((variant) => variant.code === 'SF-2001-SND-3') ?? null;
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      expect(JSON.parse(String(init?.body))).toEqual({ id: MID, code: 'SF-2001-SND-3', qty: 1 });
      return jsonResponse({ status: 'success', cart: makeCart(MID, [makeLine('SF-2001-SND-3', { qty: 1 })]) });
    });
    vi.stubGlobal('fetch', fetch);
    const memory = memoryLocation({ path: '/products/SF-2001' });
    const { unmount } = render(
      <Router hook={memory.hook}>
        <AddToCart product={sofa} variant={chosen} choice="Sand / 3-seat" />
      </Router>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getByText('1 in your cart.')).toBeTruthy());
    expect(fetch).toHaveBeenCalledTimes(1);
    unmount();
    // The sold-out variant cannot be bought, though the product has stock.
    const soldOut = sofa.variants?.find((variant) => variant.code === 'SF-2001-GRY-2') ?? null;
    const again = render(
      <Router hook={memory.hook}>
        <AddToCart product={sofa} variant={soldOut} />
      </Router>,
    );
    expect((screen.getByRole('button', { name: 'Out of stock' }) as HTMLButtonElement).disabled).toBe(true);
    again.unmount();
    // Without options the page hands no variant (null): the product itself is on sale.
    render(
      <Router hook={memory.hook}>
        <AddToCart product={makeProduct('SF-1002', { stock: 3 })} variant={null} />
      </Router>,
    );
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });
});
