//! /products/{code} and /view/{id}: product data arrives with the catalogue API issue; until then
//! these pages say honestly that nothing matches and offer search and rooms.
import { Link } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { ErrorStatus } from '../../../components/error-status';
import { useDocumentTitle } from '../../../lib/document-title';
import { useI18n } from '../../../i18n/i18n-store';
import { safeDecode } from '../../../lib/url-rules';

/** Product codes: letters, digits, -, _ and . (at most 64), as the server accepts them. */
const PRODUCT_CODE = /^[A-Za-z0-9._-]{1,64}$/;

export function ProductPage({ code }: { code?: string }) {
  const { t } = useI18n();
  const decoded = code ?? '';
  const valid = !decoded || PRODUCT_CODE.test(decoded);
  const title = decoded ? t('pages.productTitle', { code: decoded }) : t('pages.productsTitle');
  useDocumentTitle(valid ? title : undefined);
  if (!valid) return <ErrorStatus status={404} />;
  return (
    <section class="page">
      <header class="page__header">
        <h1 class="page__title">{title}</h1>
      </header>
      <EmptyState
        icon="package"
        title={decoded ? t('pages.productMissing', { code: decoded }) : t('pages.productsEmpty')}
        text={t('pages.emptyHint')}
      >
        <Link href="/room" class="button">
          {t('home.browseRooms')}
        </Link>
      </EmptyState>
    </section>
  );
}

export function ViewPage({ id }: { id?: string }) {
  const { t } = useI18n();
  useDocumentTitle(t('pages.viewTitle'));
  return (
    <section class="page">
      <header class="page__header">
        <h1 class="page__title">{t('pages.viewTitle')}</h1>
      </header>
      <EmptyState icon="search" title={id ? t('pages.viewMissing', { id: safeDecode(id) }) : t('pages.productsEmpty')}>
        <Link href="/" class="button">
          {t('common.backHome')}
        </Link>
      </EmptyState>
    </section>
  );
}
