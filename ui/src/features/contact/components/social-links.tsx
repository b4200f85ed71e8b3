//! Contact links for the configured social and chat services only (facebook, line, viber,
//! instagram, twitter, youtube, tel); unconfigured or unsafe entries are left out.
import { Icon } from '../../../components/icon';
import { useStore } from '../../../lib/create-store';
import { safeContactHref } from '../../../lib/url-rules';
import { SOCIAL_KINDS, websitedata } from '../../../lib/website-data';
import { useI18n } from '../../../i18n/i18n-store';
import './social-links.css';

export function SocialLinks({ withLabels = false }: { withLabels?: boolean }) {
  const { t } = useI18n();
  const { social } = useStore(websitedata, (data) => data.shop);
  const links = SOCIAL_KINDS.flatMap((kind) => {
    const href = social[kind] ? safeContactHref(kind, social[kind]) : null;
    return href ? [{ kind, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul class={`social-links${withLabels ? ' social-links--labelled' : ''}`}>
      {links.map(({ kind, href }) => (
        <li key={kind}>
          <a
            class={`social-links__link social-links__link--${kind}`}
            href={href}
            {...(kind === 'tel' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            aria-label={withLabels ? undefined : t(`social.${kind}`)}
          >
            <Icon name={kind} size={20} />
            {withLabels ? <span>{t(`social.${kind}`)}</span> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
