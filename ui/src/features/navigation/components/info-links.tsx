//! The information links of `messages.footer.infoLinks` (footer and the mobile Info tab).
import { Link } from 'wouter';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import type { InfoLink } from '../../../i18n/types';
import { isExternalLink } from '../../../lib/url-rules';

export function InfoLinks({ variant = 'plain' }: { variant?: 'plain' | 'list' }) {
  const { messages } = useI18n();
  const links: InfoLink[] = Array.isArray(messages.footer?.infoLinks) ? messages.footer.infoLinks : [];
  const listClass = variant === 'list' ? 'link-list' : 'footer-links';
  const linkClass = variant === 'list' ? 'link-list__link' : 'footer-links__link';
  return (
    <ul class={listClass}>
      {links.map((link) => (
        <li key={link.path}>
          {isExternalLink(link.path) ? (
            <a href={link.path} class={linkClass} target="_blank" rel="noopener noreferrer">
              <span>{link.name}</span>
            </a>
          ) : (
            <Link href={link.path} class={linkClass}>
              {variant === 'list' ? <Icon name="info" size={20} /> : null}
              <span>{link.name}</span>
              {variant === 'list' ? <Icon name="chevron-right" size={18} class="link-list__chevron" /> : null}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
