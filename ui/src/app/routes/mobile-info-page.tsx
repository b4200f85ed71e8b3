//! /mobile/info: the Info tab of the bottom bar — information links, e-catalogue, contact and language.
import { Icon } from '../../components/icon';
import { ContactDetails } from '../../features/contact/components/contact-details';
import { LanguageChooser } from '../../features/languages/components/language-chooser';
import { InfoLinks } from '../../features/navigation/components/info-links';
import { useStore } from '../../lib/create-store';
import { useDocumentTitle } from '../../lib/document-title';
import { websitedata } from '../../lib/website-data';
import { useI18n } from '../../i18n/i18n-store';

export function MobileInfoPage() {
  const { t } = useI18n();
  const catalogUrl = useStore(websitedata, (data) => data.shop.catalogUrl);
  useDocumentTitle(t('mobile.infoTitle'));
  return (
    <section class="page page--narrow">
      <header class="page__header">
        <h1 class="page__title">{t('mobile.infoTitle')}</h1>
      </header>
      <InfoLinks variant="list" />
      <ul class="link-list">
        <li>
          <a href={catalogUrl} class="link-list__link" target="_blank" rel="noopener">
            <Icon name="book" size={20} />
            <span>{t('infoBar.catalogue')}</span>
            <Icon name="download" size={18} class="link-list__chevron" />
          </a>
        </li>
      </ul>
      <h2 class="section-title">{t('mobile.contactTitle')}</h2>
      <ContactDetails labelled />
      <h2 class="section-title">{t('header.language')}</h2>
      <LanguageChooser variant="list" />
    </section>
  );
}
