//! The account part of the main menu: Register and Login when signed out (both remember the page
//! to come back to); when signed in an Account submenu with My order (review badge, blinking above
//! 0, on the submenu's button too so it shows while closed), Change password (local accounts only)
//! and Logout. The count (store `orderForReview`) is fetched at sign-in and again when My orders
//! opens or a review is sent. On a phone the header has no room for the coin balance and the
//! coupon label, so they open the account part of the menu instead (`Wallet`; hidden on wide
//! screens, where the header shows them).
import { Link, useLocation } from 'wouter';
import { Badge } from '../../../components/badge';
import { Icon } from '../../../components/icon';
import { SubMenu } from '../../../components/sub-menu';
import { useStore } from '../../../lib/create-store';
import { formatNumber } from '../../../lib/format';
import { isPluralOne, useI18n } from '../../../i18n/i18n-store';
import { accessOf } from '../access-rules';
import { providerIcon } from '../provider';
import { coin, coinShown, coinSpend, coupons, effectiveRole, isAdminRole, isLocalUser, logout, orderForReview, rememberRedirect, userinfo } from '../user-store';

export const ACCOUNT_PATHS = {
  login: '/user/login',
  register: '/user/register',
  password: '/user/password',
  orders: '/user/order',
} as const;

/** Remembers the current page as the place to return to after signing in, unless it is an account page. */
function rememberHere(location: string): void {
  if (accessOf(location) !== 'guest') rememberRedirect(window.location.pathname + window.location.search);
}

/**
 * Orders waiting for the shopper's review (docs/STOREFRONT.md §2: blinking when above 0; under
 * reduced motion the base styles swap the blink for a steady outline). Nothing is shown at 0: the
 * badge going away is the sign that every delivered order has been reviewed.
 */
export function ReviewBadge({ count, testId }: { count: number; testId?: string }) {
  const { t } = useI18n();
  if (count <= 0) return null;
  return (
    <span class="review-badge" data-testid={testId}>
      <Badge count={count} blink label={t('header.ordersToReview', { count })} />
    </span>
  );
}

/** The signed-in shopper's name and coin balance (coin − coin spent) and the shop's coupons, as menu lines. */
function Wallet({ signedIn }: { signedIn: boolean }) {
  const { t, locale } = useI18n();
  const state = useStore(userinfo);
  const user = state.status === 'signedIn' ? state.user : null;
  const balance = useStore(coin);
  const spent = useStore(coinSpend);
  const couponList = useStore(coupons);
  if (!signedIn && couponList.length === 0) return null;
  return (
    <li class="menu__item menu__wallet" data-testid="menu-wallet">
      {signedIn && user ? (
        <span class="menu__wallet-line menu__wallet-line--name" data-testid="menu-user" data-provider={user.provider || 'local'}>
          <Icon name={providerIcon(user.provider)} size={18} />
          <span>{user.name || user.username}</span>
        </span>
      ) : null}
      {signedIn ? (
        <span class="menu__wallet-line" data-testid="menu-coin">
          <Icon name="coin" size={18} />
          <span>{t('header.coin')}</span>
          <strong>{formatNumber(coinShown(balance, spent))}</strong>
        </span>
      ) : null}
      {couponList.length > 0 ? (
        <span class="menu__wallet-line" data-testid="menu-coupons">
          <Icon name="ticket" size={18} />
          <span>
            {t(isPluralOne(couponList.length, locale) ? 'mobile.couponsOne' : 'mobile.couponsOther', {
              count: formatNumber(couponList.length),
            })}
          </span>
        </span>
      ) : null}
    </li>
  );
}

export function AccountMenu() {
  const { t } = useI18n();
  const state = useStore(userinfo);
  const reviews = useStore(orderForReview);
  const [location, navigate] = useLocation();
  if (state.status !== 'signedIn' || !state.user) {
    return (
      <>
        <Wallet signedIn={false} />
        <li class="menu__item menu__item--account-start">
          <Link class="menu__link" href={ACCOUNT_PATHS.register} onClick={() => rememberHere(location)}>
            <Icon name="user" size={18} />
            <span>{t('header.register')}</span>
          </Link>
        </li>
        <li class="menu__item">
          <Link class="menu__link" href={ACCOUNT_PATHS.login} onClick={() => rememberHere(location)}>
            <Icon name="login" size={18} />
            <span>{t('header.login')}</span>
          </Link>
        </li>
      </>
    );
  }
  const admin = isAdminRole(effectiveRole(state));
  return (
    <>
      <Wallet signedIn />
      {admin ? (
        <li class="menu__item menu__item--account-start">
          <Link class="menu__link" href="/admin">
            <Icon name="settings" size={18} />
            <span>{t('admin.title')}</span>
          </Link>
        </li>
      ) : null}
      <SubMenu
        class={admin ? undefined : 'menu__item--account-start'}
        label={t('header.account')}
        icon="user"
        badge={<ReviewBadge count={reviews} />}
      >
        <li class="menu__item">
          <Link class="menu__link" href={ACCOUNT_PATHS.orders}>
            <Icon name="package" size={18} />
            <span>{t('header.myOrder')}</span>
            <ReviewBadge count={reviews} testId="my-order-badge" />
          </Link>
        </li>
        {isLocalUser(state.user) ? (
          <li class="menu__item">
            <Link class="menu__link" href={ACCOUNT_PATHS.password}>
              <Icon name="key" size={18} />
              <span>{t('header.changePassword')}</span>
            </Link>
          </li>
        ) : null}
        <li class="menu__item">
          <button
            type="button"
            class="menu__link"
            onClick={() => {
              // docs/STOREFRONT.md §4: after logout a page that needs a signed-in user is left for
              // home; others stay.
              if (accessOf(location) === 'user') navigate('/');
              logout();
            }}
          >
            <Icon name="logout" size={18} />
            <span>{t('header.logout')}</span>
          </button>
        </li>
      </SubMenu>
    </>
  );
}
