//! The shop's phone text (footer.tel, shown only when not empty) and its social links.
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { SocialLinks } from './social-links';

export function ContactDetails({ labelled = false }: { labelled?: boolean }) {
  const { t } = useI18n();
  const tel = t('footer.tel').trim();
  return (
    <div class="contact-details">
      {tel ? (
        <p class="contact-details__tel">
          <Icon name="phone" size={18} />
          <span>{tel}</span>
        </p>
      ) : null}
      <SocialLinks withLabels={labelled} />
    </div>
  );
}
