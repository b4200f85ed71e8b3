//! A content page by name (/about, /area, /privacy, /content/{name}, /info/{name}, /{page}):
//! its Markdown body from the pages API, rendered as elements (never HTML) by a small lazy chunk
//! (plain paragraphs until it arrives); a 404 from the API shows the not-found screen.
import { lazy, Suspense } from 'react';
import { ErrorStatus } from '../../../components/error-status';
import { Loading } from '../../../components/loading';
import { errorDetail, httpStatusOf } from '../../../api/client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useResource } from '../../../lib/resource';
import { useI18n, pickText } from '../../../i18n/i18n-store';
import { pageByName, paragraphs } from '../pages-store';
import './content-page.css';
import { safeDecode } from '../../../lib/url-rules';

const MarkdownView = lazy(() => import('../../../components/markdown-view'));

/** A page name: one or two segments (a section and a page) of letters, digits, - and _. */
const PAGE_NAME = /^[a-z0-9][a-z0-9_-]{0,63}(\/[a-z0-9][a-z0-9_-]{0,63})?$/i;

export function ContentPage({ name }: { name: string }) {
  const decoded = safeDecode(name);
  return PAGE_NAME.test(decoded) ? <LoadedContentPage name={decoded} /> : <ErrorStatus status={404} />;
}

function LoadedContentPage({ name }: { name: string }) {
  const { locale } = useI18n();
  const resource = pageByName(name);
  const state = useResource(resource);
  const page = state.data;
  const title = page ? pickText(page.title, locale) || page.name : undefined;
  useDocumentTitle(title);
  if (state.status === 'error' && !page) {
    const status = httpStatusOf(state.error);
    return <ErrorStatus status={status === 400 ? 404 : status} detail={status === 404 || status === 400 ? undefined : errorDetail(state.error)} />;
  }
  if (!page) return <Loading />;
  return (
    <article class="page content-page">
      <header class="page__header">
        <h1 class="page__title">{title}</h1>
      </header>
      <div class="content-page__body">
        <Suspense
          fallback={paragraphs(pickText(page.body, locale)).map((text, index) => (
            <p key={index}>{text}</p>
          ))}
        >
          <MarkdownView source={pickText(page.body, locale)} />
        </Suspense>
      </div>
    </article>
  );
}
