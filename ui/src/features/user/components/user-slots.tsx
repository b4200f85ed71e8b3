//! Header slots of the signed-in customer: coupon label, coin balance (coin − coin spent) and the
//! name with the sign-in provider's icon. On a phone they take a slim second row of the header for
//! a signed-in shopper (the first row has no room), with a star and the blinking review badge
//! linking to My orders while orders wait for a review.
import { Link } from 'wouter';
import { Badge } from '../../../components/badge';
import { Icon } from '../../../components/icon';
import { useStore } from '../../../lib/create-store';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../i18n/i18n-store';
import { coin, coinShown, coinSpend, coupons, orderForReview, userinfo } from '../user-store';
import { providerIcon, providerName } from '../provider';
import { ACCOUNT_PATHS } from './account-menu';
import './user-slots.css';

export function UserSlots() {
  const { t } = useI18n();
  const state = useStore(userinfo);
  const balance = useStore(coin);
  const spent = useStore(coinSpend);
  const couponList = useStore(coupons);
  const reviews = useStore(orderForReview);
  const user = state.status === 'signedIn' ? state.user : null;
  if (!user && couponList.length === 0) return null;
  return (
    <div class={`user-slots${user ? ' user-slots--signed-in' : ''}`}>
      {couponList.length > 0 ? (
        <span class="chip chip--accent" title={t('header.couponsAvailable', { count: couponList.length })}>
          <Icon name="ticket" size={16} />
          <span class="user-slots__label">{t('header.coupon')}</span>
        </span>
      ) : null}
      {user ? (
        <>
          <span class="chip user-slots__coin" data-testid="header-coin">
            <Icon name="coin" size={16} />
            <strong>{formatNumber(coinShown(balance, spent))}</strong>{' '}
            <span class="user-slots__label">{t('header.coin')}</span>
          </span>
          {reviews > 0 ? (
            <Link
              href={ACCOUNT_PATHS.orders}
              class="user-slots__reviews"
              data-testid="header-reviews"
              aria-label={t('header.ordersToReview', { count: reviews })}
            >
              <Icon name="star" size={16} />
              <Badge count={reviews} blink />
            </Link>
          ) : null}
          <span
            class="user-slots__name"
            data-testid="header-user"
            data-provider={user.provider || 'local'}
          >
            <Icon name={providerIcon(user.provider)} size={18} />
            <span class="user-slots__name-text">{user.name || user.username}</span>
            <span class="visually-hidden">, {t('header.signedInWith', { provider: providerName(user.provider) })}</span>
          </span>
        </>
      ) : null}
    </div>
  );
}
