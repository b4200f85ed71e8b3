//! /admin/products: find products by code or name, filter by room, category, shown/hidden, low
//! stock and missing translations (all in the URL), in pages by code with "Load more"; select
//! products for a bulk price or stock change; export the filtered list as CSV or import a CSV
//! (preview first). Each product opens its edit page.
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { Product } from '../../../api/types';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { ListFoot } from '../../../components/list-foot';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { loadCatalogKeys, type CatalogKeys } from '../api/catalog-keys';
import { exportProducts, saveFile } from '../api/products';
import { BulkBar } from '../components/bulk-bar';
import { CsvImport } from '../components/csv-import';
import { LANGUAGES, LOW_STOCK, filtersOf, isLow, listHref, missingLanguages, productHref, queryOf, toggle, type ProductFilters } from '../product-rules';
import type { ProductTools } from '../tools';
import { useProducts } from '../use-products';
import '../admin-products.css';

export type ProductsPageProps = { tools: ProductTools };

/** Rooms and categories for pickers; empty lists until read (the server checks keys anyway). */
export function useCatalogKeys(): CatalogKeys {
  const [keys, setKeys] = useState<CatalogKeys>({ rooms: [], categories: [] });
  useEffect(() => {
    let live = true;
    loadCatalogKeys().then(
      (loaded) => {
        if (live) setKeys(loaded);
      },
      (error: unknown) => console.warn('rooms and categories not loaded', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return keys;
}

function Missing({ product }: { product: Product }) {
  const { t } = useI18n();
  const missing = missingLanguages(product);
  if (!missing.length) return null;
  return (
    <span class="product-missing" title={t('admin.products.missingIn', { langs: missing.join(', ') })}>
      {t('admin.products.missingShort', { langs: missing.map((l) => l.toUpperCase()).join(' ') })}
    </span>
  );
}

function ActiveChip({ product }: { product: Product }) {
  const { t } = useI18n();
  return product.active ? (
    <span class="status-chip">{t('admin.products.shown')}</span>
  ) : (
    <span class="status-chip status-chip--off">{t('admin.products.hidden')}</span>
  );
}

/** A product with options: its shown variants' levels, the low ones first (at most six). */
function VariantLevels({ product }: { product: Product }) {
  const { t } = useI18n();
  if (!product.options?.length) return null;
  const shown = (product.variants ?? []).filter((v) => v.active);
  const ordered = [...shown].sort((a, b) => Number(b.stock <= LOW_STOCK) - Number(a.stock <= LOW_STOCK) || a.code.localeCompare(b.code));
  const more = ordered.length - 6;
  return (
    <span class="product-variants" data-testid="variant-levels" aria-label={t('admin.products.variants.levels', { count: shown.length })}>
      {ordered.slice(0, 6).map((v) => (
        <span key={v.code} class={v.stock <= LOW_STOCK ? 'product-variants__one product-variants__one--low' : 'product-variants__one'}>
          {v.code}: {formatNumber(v.stock)}
        </span>
      ))}
      {more > 0 ? <span>{t('admin.products.variants.moreLevels', { count: more })}</span> : null}
    </span>
  );
}

function StockCell({ product }: { product: Product }) {
  const low = isLow(product);
  return (
    <>
      <span class={low ? 'product-stock product-stock--low' : 'product-stock'}>{formatNumber(product.stock)}</span>
      <VariantLevels product={product} />
    </>
  );
}

export function ProductsPage({ tools }: ProductsPageProps) {
  const { t, locale } = useI18n();
  useDocumentTitle(t('admin.products.title'));
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => filtersOf(search), [search]);
  const query = queryOf(filters);
  const [draft, setDraft] = useState<ProductFilters>(filters);
  useEffect(() => setDraft(filters), [filters]);
  const list = useProducts(query);
  const keys = useCatalogKeys();
  const [selected, setSelected] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  useEffect(() => setSelected([]), [query]);

  const submit = (event: Event) => {
    event.preventDefault();
    navigate(listHref(draft));
  };
  const set = <K extends keyof ProductFilters>(key: K, value: ProductFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const name = (product: Product) => pickText(product.name, locale) || product.code;
  const allShown = list.products.length > 0 && list.products.every((p) => selected.includes(p.code));

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      saveFile(await exportProducts(query), `products-${tools.today()}.csv`);
    } catch (error) {
      setExportError(tools.errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const check = (product: Product) => (
    <input
      type="checkbox"
      class="desk-check"
      checked={selected.includes(product.code)}
      aria-label={t('admin.products.select', { code: product.code })}
      onChange={() => setSelected((s) => toggle(s, product.code))}
    />
  );

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header product-list__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.products.title')}
        </h1>
        <div class="product-list__actions">
          <Link href="/admin/products/new" class="button">
            <Icon name="plus" size={18} />
            <span>{t('admin.products.new')}</span>
          </Link>
          <button type="button" class="button button--ghost" onClick={() => void download()} disabled={exporting}>
            {exporting ? t('common.loading') : t('admin.products.exportCsv')}
          </button>
          <button type="button" class="button button--ghost" aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
            {t('admin.products.importCsv')}
          </button>
        </div>
      </header>
      {exportError ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {exportError}
        </p>
      ) : null}
      {importing ? <CsvImport tools={tools} onApplied={list.reload} onClose={() => setImporting(false)} /> : null}
      <form class="product-filters" role="search" aria-label={t('admin.products.filters')} onSubmit={submit}>
        <div class="admin-field admin-field--grow">
          <label for={`${id}-q`}>{t('admin.products.search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q}
            maxLength={100}
            placeholder={t('admin.products.searchHint')}
            autoComplete="off"
            onInput={(event) => set('q', (event.currentTarget as HTMLInputElement).value)}
          />
        </div>
        <div class="admin-field">
          <label for={`${id}-room`}>{t('admin.products.room')}</label>
          <select id={`${id}-room`} value={draft.room} onChange={(event) => set('room', (event.currentTarget as HTMLSelectElement).value)}>
            <option value="">{t('admin.products.all')}</option>
            {keys.rooms.map((room) => (
              <option key={room.key} value={room.key}>
                {pickText(room.title, locale) || room.key}
              </option>
            ))}
          </select>
        </div>
        <div class="admin-field">
          <label for={`${id}-category`}>{t('admin.products.category')}</label>
          <select
            id={`${id}-category`}
            value={draft.category}
            onChange={(event) => set('category', (event.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">{t('admin.products.all')}</option>
            {keys.categories.map((category) => (
              <option key={category.key} value={category.key}>
                {'\u00a0\u00a0'.repeat(category.depth)}
                {pickText(category.title, locale) || category.key}
              </option>
            ))}
          </select>
        </div>
        <div class="admin-field">
          <label for={`${id}-active`}>{t('admin.products.state')}</label>
          <select
            id={`${id}-active`}
            value={draft.active}
            onChange={(event) => set('active', (event.currentTarget as HTMLSelectElement).value as ProductFilters['active'])}
          >
            <option value="">{t('admin.products.all')}</option>
            <option value="true">{t('admin.products.shown')}</option>
            <option value="false">{t('admin.products.hidden')}</option>
          </select>
        </div>
        <div class="admin-field">
          <label for={`${id}-missing`}>{t('admin.products.missingFilter')}</label>
          <select
            id={`${id}-missing`}
            value={draft.missing}
            onChange={(event) => set('missing', (event.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">{t('admin.products.all')}</option>
            <option value="any">{t('admin.products.missingAny')}</option>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`admin.products.lang.${lang}`)}
              </option>
            ))}
          </select>
        </div>
        <label class="product-filters__check">
          <input type="checkbox" checked={draft.lowStock} onChange={(event) => set('lowStock', (event.currentTarget as HTMLInputElement).checked)} />
          <span>{t('admin.products.lowStock', { count: LOW_STOCK })}</span>
        </label>
        <div class="product-filters__actions">
          <button type="submit" class="button">
            <Icon name="search" size={18} />
            <span>{t('admin.common.search')}</span>
          </button>
        </div>
      </form>
      {selected.length ? (
        <BulkBar
          codes={selected}
          products={list.products}
          tools={tools}
          onSaved={(saved) => list.replace(saved)}
          onClear={() => setSelected([])}
        />
      ) : null}
      <div class="product-list__count">
        <p class="admin-count" role="status">
          {list.starting ? '' : t('admin.products.shownCount', { count: list.products.length, total: list.total })}
        </p>
        {list.products.length ? (
          <label class="product-filters__check">
            <input
              type="checkbox"
              checked={allShown}
              onChange={() => setSelected(allShown ? [] : list.products.map((p) => p.code))}
            />
            <span>{t('admin.products.selectAll')}</span>
          </label>
        ) : null}
      </div>
      {list.starting && !list.error ? <Loading /> : null}
      {!list.starting && !list.products.length && !list.error ? <EmptyState icon="search" title={t('admin.products.none')} /> : null}
      {list.products.length ? (
        tools.narrow ? (
          <ul class="product-cards" aria-label={t('admin.products.title')}>
            {list.products.map((product) => (
              <li key={product.code} class="product-card" data-testid="product-row">
                <div class="product-card__top">
                  {check(product)}
                  <Link href={productHref(product.code)} class="product-card__code">
                    {product.code}
                  </Link>
                  <ActiveChip product={product} />
                </div>
                <p>
                  <span>{name(product)}</span>
                  <Missing product={product} />
                </p>
                <p class="product-card__meta">
                  <span>{formatMoney(product.price)}</span>
                  <span>
                    {t('admin.products.stock')}: <StockCell product={product} />
                  </span>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <div class="table-scroll">
            <table class="data-table">
              <caption class="visually-hidden">{t('admin.products.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" class="data-table__check">
                    <span class="visually-hidden">{t('admin.products.selectAll')}</span>
                  </th>
                  <th scope="col">{t('admin.products.code')}</th>
                  <th scope="col">{t('admin.products.name')}</th>
                  <th scope="col" class="data-table__num">
                    {t('admin.products.price')}
                  </th>
                  <th scope="col" class="data-table__num">
                    {t('admin.products.stock')}
                  </th>
                  <th scope="col">{t('admin.products.state')}</th>
                </tr>
              </thead>
              <tbody>
                {list.products.map((product) => (
                  <tr key={product.code} data-testid="product-row">
                    <td class="data-table__check">{check(product)}</td>
                    <th scope="row" class="data-table__nowrap">
                      <Link href={productHref(product.code)}>{product.code}</Link>
                    </th>
                    <td>
                      <span class="desk-line">{name(product)}</span>
                      <Missing product={product} />
                    </td>
                    <td class="data-table__num">
                      {formatMoney(product.price)}
                      {product.compareAtPrice ? <s class="desk-line admin-muted">{formatMoney(product.compareAtPrice)}</s> : null}
                    </td>
                    <td class="data-table__num">
                      <StockCell product={product} />
                    </td>
                    <td>
                      <ActiveChip product={product} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      <ListFoot list={list} errorText={tools.errorText} onRetry={list.reload} moreLabel={t('admin.common.loadMore')} />
    </section>
  );
}
