//! /content and /info without a name (and /location/*): the list of content pages.
import { Link } from 'wouter';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useDocumentTitle } from '../../../lib/document-title';
import { useResource } from '../../../lib/resource';
import { useI18n, pickText } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { pages } from '../pages-store';

type ContentListProps = { basePath: '/content' | '/info'; titleKey?: MessageKey };

export function ContentListPage({ basePath, titleKey = 'pages.contentListTitle' }: ContentListProps) {
  const { t } = useI18n();
  useDocumentTitle(t(titleKey));
  return (
    <section class="page page--narrow">
      <header class="page__header">
        <h1 class="page__title">{t(titleKey)}</h1>
      </header>
      <PageLinks basePath={basePath} />
    </section>
  );
}

/** A page under a section ("help/returns") lives at its own path; others under the list's base. */
function pageHref(basePath: string, name: string): string {
  return name.includes('/') ? `/${name.split('/').map(encodeURIComponent).join('/')}` : `${basePath}/${encodeURIComponent(name)}`;
}

export function PageLinks({ basePath }: { basePath: '/content' | '/info' }) {
  const { locale } = useI18n();
  const state = useResource(pages);
  if (state.status === 'error' && !state.data) return <LoadError onRetry={() => void pages.reload()} />;
  if (!state.data) return <Loading />;
  return (
    <ul class="link-list">
      {state.data.map((page) => (
        <li key={page.name}>
          <Link href={pageHref(basePath, page.name)} class="link-list__link">
            <Icon name="book" size={20} />
            <span>{pickText(page.title, locale) || page.name}</span>
            <Icon name="chevron-right" size={18} class="link-list__chevron" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
