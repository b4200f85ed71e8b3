import { act, render, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderForReview, userinfo } from '../user-store';
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
    expect(badge.textContent).toBe('2');
    expect(badge.classList.contains('badge--blink')).toBe(true);
    expect(badge.getAttribute('aria-label')).toBe('2 orders to review');
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
