import { act, render, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { coin, coinSpend, coupons, orderForReview, userinfo } from '../user-store';
import { AccountMenu, ReviewBadge } from './account-menu';

const USER = { id: 7, username: 'som', name: 'Somsri', role: 'user', provider: 'local', userInfo: { id: 7, coin: 0 } };

beforeEach(() => {
  userinfo.set({ status: 'signedIn', user: USER });
  orderForReview.set(0);
});

function renderMenu() {
  return render(
    <ul>
      <AccountMenu />
    </ul>,
  );
}

describe('the My order review badge', () => {
  it('is not shown while no order waits for a review', () => {
    renderMenu();
    expect(screen.queryByTestId('my-order-badge')).toBeNull();
    expect(document.querySelector('.badge')).toBeNull();
  });

  it('shows the count and blinks above 0, on the closed Account button too', () => {
    orderForReview.set(2);
    renderMenu();
    const badge = screen.getByTestId('my-order-badge').querySelector('.badge')!;
    expect(badge.querySelector('[aria-hidden="true"]')?.textContent).toBe('2');
    expect(badge.classList.contains('badge--blink')).toBe(true);
    // Said in words: a plain span may not carry an aria-label, so the words are hidden text.
    expect(badge.querySelector('.visually-hidden')?.textContent).toBe('2 orders to review');
    expect(badge.hasAttribute('aria-label')).toBe(false);
    const account = screen.getByRole('button', { name: /Account/ });
    expect(account.querySelector('.badge--blink')).toBeTruthy();
  });

  it('goes away when the count drops to 0', () => {
    orderForReview.set(1);
    renderMenu();
    expect(screen.getByTestId('my-order-badge')).toBeTruthy();
    act(() => orderForReview.set(0));
    expect(screen.queryByTestId('my-order-badge')).toBeNull();
  });

  it('renders nothing for 0 or less on its own', () => {
    const { container } = render(<ReviewBadge count={0} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('coins and coupons in the account part of the menu (the phone header has no room for them)', () => {
  it('shows the coin balance less what the cart spends, and the coupons on offer', () => {
    coin.set(120);
    coinSpend.set(20);
    coupons.set([{ code: 'SAVE10' }, { code: 'WELCOME' }] as never);
    renderMenu();
    expect(screen.getByTestId('menu-coin').textContent).toBe('Coins100');
    expect(screen.getByTestId('menu-coupons').textContent).toBe('2 coupons available');
  });

  it('shows the coupons to a signed-out visitor, without coins', () => {
    userinfo.set({ status: 'signedOut' } as never);
    coupons.set([{ code: 'SAVE10' }] as never);
    renderMenu();
    expect(screen.queryByTestId('menu-coin')).toBeNull();
    expect(screen.getByTestId('menu-coupons').textContent).toBe('1 coupon available');
  });

  it('is left out for a signed-out visitor when there is no coupon', () => {
    userinfo.set({ status: 'signedOut' } as never);
    coupons.set([]);
    renderMenu();
    expect(screen.queryByTestId('menu-wallet')).toBeNull();
  });
});
