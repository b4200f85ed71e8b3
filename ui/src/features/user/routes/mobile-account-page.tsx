//! /mobile/account: the Account tab of the mobile bottom bar — the signed-in user's name, sign-in
//! provider and coins, the LINE order-updates switch (LINE accounts), with My order, Change password (local accounts) and Logout. Anonymous
//! visitors never get here: the access guard sends them to the login page first.
import { Link, useLocation } from 'wouter';
import { ErrorStatus } from '../../../components/error-status';
import { Icon } from '../../../components/icon';
import { useStore } from '../../../lib/create-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../i18n/i18n-store';
import { ACCOUNT_PATHS } from '../components/account-menu';
import { providerIcon, providerName } from '../provider';
import { coin, coinShown, coinSpend, effectiveRole, isAdminRole, isLocalUser, logout, orderForReview, userinfo } from '../user-store';
import { ReviewBadge } from '../components/account-menu';
import { LineUpdatesToggle } from '../components/line-updates';

export function MobileAccountPage() {
  const { t } = useI18n();
  const state = useStore(userinfo);
  const balance = useStore(coin);
  const spent = useStore(coinSpend);
  const reviews = useStore(orderForReview);
  const [, navigate] = useLocation();
  useDocumentTitle(t('mobile.accountTitle'));
  const user = state.status === 'signedIn' ? state.user : null;
  if (!user) return <ErrorStatus status={403} />;
  return (
    <section class="page page--narrow">
      <header class="page__header">
        <h1 class="page__title">{t('mobile.accountTitle')}</h1>
      </header>
      <div class="card account-card">
        <span class="account-card__avatar">
          <Icon name={providerIcon(user.provider)} size={28} />
        </span>
        <div>
          <p class="account-card__name">{user.name || user.username}</p>
          <p class="account-card__provider">{t('header.signedInWith', { provider: providerName(user.provider) })}</p>
          <p class="account-card__coin">
            <Icon name="coin" size={16} /> <strong>{formatNumber(coinShown(balance, spent))}</strong> {t('header.coin')}
          </p>
        </div>
      </div>
      <LineUpdatesToggle />
      <ul class="link-list">
        <li>
          <Link href={ACCOUNT_PATHS.orders} class="link-list__link">
            <Icon name="package" size={20} />
            <span>{t('header.myOrder')}</span>
            <ReviewBadge count={reviews} />
          </Link>
        </li>
        {isLocalUser(user) ? (
          <li>
            <Link href={ACCOUNT_PATHS.password} class="link-list__link">
              <Icon name="key" size={20} />
              <span>{t('header.changePassword')}</span>
              <Icon name="chevron-right" size={18} class="link-list__chevron" />
            </Link>
          </li>
        ) : null}
        {isAdminRole(effectiveRole(state)) ? (
          <li>
            <Link href="/admin" class="link-list__link">
              <Icon name="settings" size={20} />
              <span>{t('admin.title')}</span>
              <Icon name="chevron-right" size={18} class="link-list__chevron" />
            </Link>
          </li>
        ) : null}
        <li>
          <button
            type="button"
            class="link-list__link"
            onClick={() => {
              // Leave the page first: it needs a signed-in user, so going home is the logout target.
              navigate('/');
              logout();
            }}
          >
            <Icon name="logout" size={20} />
            <span>{t('header.logout')}</span>
          </button>
        </li>
      </ul>
    </section>
  );
}
