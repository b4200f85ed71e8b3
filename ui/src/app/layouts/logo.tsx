//! The shop logo (a wordmark), linking to the home page of the current language.
import { Link } from 'wouter';
import { useStore } from '../../lib/create-store';
import { websitedata } from '../../lib/website-data';
import { useI18n } from '../../i18n/i18n-store';

export function Logo() {
  const { t } = useI18n();
  const shop = useStore(websitedata, (data) => data.shop);
  return (
    <Link href="/" class="logo">
      <img class="logo__image" src={shop.logo} alt={t('header.logoAlt')} width={165} height={44} />
    </Link>
  );
}
