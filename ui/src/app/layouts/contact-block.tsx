//! The contact and language block of the default layout, above the footer. Its language list
//! has a name of its own: the info bar's flags are a navigation landmark too, and two landmarks
//! of one name cannot be told apart in a screen reader's list of them.
import { ContactDetails } from '../../features/contact/components/contact-details';
import { LanguageChooser } from '../../features/languages/components/language-chooser';
import { useI18n } from '../../i18n/i18n-store';

export function ContactBlock() {
  const { t } = useI18n();
  return (
    <section class="contact-block" aria-label={`${t('footer.contactTitle')} / ${t('header.language')}`}>
      <div class="container contact-block__inner">
        <div class="contact-block__part">
          <h2 class="contact-block__title">{t('footer.contactTitle')}</h2>
          <ContactDetails />
        </div>
        <div class="contact-block__part">
          <h2 class="contact-block__title">{t('header.language')}</h2>
          <LanguageChooser variant="list" label={t('mobile.languageList')} />
        </div>
      </div>
    </section>
  );
}
