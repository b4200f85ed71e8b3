//! The info bar: the shop's message, the e-catalogue PDF link and the language flags. Above the
//! header on wide screens; on a phone (700 px and below) it would cost a row of its own above the
//! products, so it shows inside the open main menu instead (`placement="menu"`).
import { Icon } from '../../components/icon';
import { LanguageChooser } from '../../features/languages/components/language-chooser';
import { useStore } from '../../lib/create-store';
import { useNarrow } from '../../lib/use-narrow';
import { websitedata } from '../../lib/website-data';
import { useI18n } from '../../i18n/i18n-store';

export function InfoBar({ placement = 'top' }: { placement?: 'top' | 'menu' }) {
  const { t } = useI18n();
  const catalogUrl = useStore(websitedata, (data) => data.shop.catalogUrl);
  // A phone shows it in the open menu only (the stylesheet hides the top one): not made there.
  const narrow = useNarrow();
  if (placement === 'top' && narrow) return null;
  return (
    <div class={`info-bar info-bar--${placement}`}>
      <div class="container info-bar__inner">
        <p class="info-bar__message">
          <Icon name="truck" size={18} />
          <span>{t('infoBar.message')}</span>
        </p>
        <div class="info-bar__tools">
          <a class="info-bar__catalogue" href={catalogUrl} target="_blank" rel="noopener">
            <Icon name="book" size={16} />
            <span>{t('infoBar.catalogue')}</span>
          </a>
          <LanguageChooser />
        </div>
      </div>
    </div>
  );
}
