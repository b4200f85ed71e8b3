//! /admin/products/new and /admin/products/{code}: the product form. Names and descriptions in the
//! five languages side by side, room, categories, material and colour from the catalogue and the
//! code tables, prices in baht, dimensions, shown or hidden, images; stock through its own
//! dialog with the ledger. Every problem the server finds shows at its field. A save based on an
//! old version is refused (409): the page says someone else changed the product, lists what
//! differs, and offers to load their version or to save over it. Options and variants have their
//! own section (`VariantEditor`); a product with options shows its "from" price and its stock
//! per variant, each adjusted through the ledger by its variant code.
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { FieldProblem, Product, StockEntry } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { localizePath } from '../../../lib/locale-path';
import { productPath } from '../../../lib/product';
import { bulkEdit, createProduct, duplicateProduct, getProduct, setActive, updateProduct, type SaveResult } from '../api/products';
import { ImageSlot } from '../components/image-slot';
import { LanguageFields } from '../components/language-fields';
import { StockDialog, StockLedger } from '../components/stock-dialog';
import { VariantEditor } from '../components/variant-editor';
import { bodyOf, changedFields, draftOf, emptyDraft, problemsByField, productHref, type Draft } from '../product-rules';
import type { ProductTools } from '../tools';
import { lowestPrice, variantField, variantsBody, variantsDraftOf, type VariantsDraft } from '../variant-rules';
import { useCatalogKeys } from './products-page';
import '../admin-products.css';

export type ProductPageProps = { code?: string; tools: ProductTools };

type Conflict = { stored: Product; fields: string[] };

/** The server's name of a form field. */
function serverField(key: keyof Draft): string {
  return key === 'width' || key === 'depth' || key === 'height' ? `dimensions.${key}` : key;
}

/** The form's words for the fields the server names. */
const FIELD_LABELS: Record<string, MessageKey> = {
  code: 'admin.products.code',
  price: 'admin.products.price',
  compareAtPrice: 'admin.products.compareAtPrice',
  images: 'admin.products.images',
  imageAlts: 'admin.products.images',
  rooms: 'admin.products.rooms',
  categories: 'admin.products.categories',
  dimensions: 'admin.products.placement',
  material: 'admin.products.material',
  colour: 'admin.products.colour',
  stock: 'admin.products.stock',
  active: 'admin.products.state',
  version: 'admin.products.version',
};

/** Server messages the staff read in their own language (others are shown as the server says them). */
const KNOWN_MESSAGES: [RegExp, MessageKey][] = [
  [/used by (another|product)/i, 'admin.products.variants.codeTaken'],
  [/the same combination|name the same/i, 'admin.products.variants.sameCombination'],
];

export function staffMessage(message: string, t: (key: MessageKey) => string): string {
  const known = KNOWN_MESSAGES.find(([pattern]) => pattern.test(message));
  return known ? t(known[1]) : message;
}

function Problems({ messages }: { messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return <p class="admin-error">{messages.join(' ')}</p>;
}

export function ProductPage({ code, tools }: ProductPageProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const [, navigate] = useLocation();
  const keys = useCatalogKeys();
  const creating = code === undefined;
  const [stored, setStored] = useState<Product | null>(null);
  const [ledger, setLedger] = useState<StockEntry[]>([]);
  const [draft, setDraft] = useState<Draft>(emptyDraft());
  const [loadError, setLoadError] = useState<unknown>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  /** The code (the product's or a variant's) whose stock dialog is open. */
  const [stockCode, setStockCode] = useState<string | null>(null);
  const [variants, setVariants] = useState<VariantsDraft>(variantsDraftOf(null));
  const [ledgers, setLedgers] = useState<Record<string, StockEntry[]>>({});
  const [copyCode, setCopyCode] = useState('');
  const [attempt, setAttempt] = useState(0);

  useDocumentTitle(creating ? t('admin.products.newTitle') : (stored && pickText(stored.name, locale)) || code || '');

  useEffect(() => {
    if (creating) {
      setStored(null);
      setDraft(emptyDraft());
      setVariants(variantsDraftOf(null));
      return undefined;
    }
    const controller = new AbortController();
    setLoadError(null);
    getProduct(code, { signal: controller.signal }).then(
      (answer) => {
        setStored(answer.product);
        setLedger(answer.ledger);
        setLedgers(answer.ledgers ?? {});
        setDraft(draftOf(answer.product));
        setVariants(variantsDraftOf(answer.product));
        setProblems([]);
        setConflict(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error);
      },
    );
    return () => controller.abort();
  }, [code, creating, attempt]);

  const byField = problemsByField(problems.map((p) => ({ ...p, message: staffMessage(p.message, t) })));
  /** Edits a field; its server problems go (they are about the value just replaced). */
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setNotice(null);
    const field = serverField(key);
    setProblems((list) => (list.some((p) => p.field === field) ? list.filter((p) => p.field !== field) : list));
  };

  const outcome = (result: SaveResult, after: (product: Product) => void) => {
    if (result.kind === 'saved') {
      setProblems([]);
      setConflict(null);
      after(result.product);
    } else if (result.kind === 'problems') {
      setProblems(result.problems);
      setNotice({ ok: false, text: t('admin.products.problemsCount', { count: result.problems.length }) });
    } else {
      const base = stored ?? result.stored;
      setConflict({ stored: result.stored, fields: changedFields(base, result.stored) });
      setNotice(null);
    }
  };

  const withOptions = variants.options.length > 0;
  /** The product and its options and variants as the API takes them. */
  const body = (base: Product | null) => {
    const out: Record<string, unknown> = { ...bodyOf(draft, base), ...variantsBody(variants) };
    if (withOptions) {
      // The variants lead; the server sums them up into the product's "from" price and stock.
      out.price = lowestPrice(variants) ?? 0;
      out.compareAtPrice = null;
    }
    return out;
  };
  /** Shows a product as saved: the form and the variants start again from it. */
  const show = (product: Product) => {
    setStored(product);
    setDraft(draftOf(product));
    setVariants(variantsDraftOf(product));
  };

  const save = async (event?: Event) => {
    event?.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      if (creating) {
        const result = await createProduct(body(null));
        outcome(result, (product) => navigate(productHref(product.code), { replace: true }));
      } else if (stored) {
        const result = await updateProduct(stored.code, body(stored));
        outcome(result, (product) => {
          show(product);
          void refreshLedgers(product.code);
          setNotice({ ok: true, text: t('admin.products.saved') });
        });
      }
    } catch (error) {
      setNotice({ ok: false, text: tools.errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  /** Takes the stored version: the form shows their product, my changes are dropped. */
  const takeTheirs = () => {
    if (!conflict) return;
    show(conflict.stored);
    setConflict(null);
    setProblems([]);
  };
  /** Keeps my form and saves it over their version. */
  const keepMine = () => {
    if (!conflict) return;
    const base = conflict.stored;
    setStored(base);
    setConflict(null);
    setBusy(true);
    updateProduct(base.code, body(base))
      .then(
        (result) =>
          outcome(result, (product) => {
            show(product);
            setNotice({ ok: true, text: t('admin.products.saved') });
          }),
        (error: unknown) => setNotice({ ok: false, text: tools.errorText(error) }),
      )
      .finally(() => setBusy(false));
  };

  /** Reads the stock ledgers again (new variants have their opening lines). */
  const refreshLedgers = async (productCode: string) => {
    try {
      const answer = await getProduct(productCode);
      setLedger(answer.ledger);
      setLedgers(answer.ledgers ?? {});
    } catch (error) {
      console.warn('stock history not reloaded', error);
    }
  };

  /** Sets the level of stored variants through the ledger (one bulk edit); null when done. */
  const setVariantStock = async (codes: string[], level: number, reason: string): Promise<string | null> => {
    try {
      const result = await bulkEdit({ codes, stock: { mode: 'set', value: level }, reason });
      if (result.kind === 'problems') return result.problems.map((p) => `${p.code ?? ''} ${p.field}: ${staffMessage(p.message, t)}`).join(' ');
      const product = result.products.find((p) => p.code === stored?.code) ?? result.products[0];
      if (product) {
        setStored(product);
        setVariants((v) => ({
          ...v,
          variants: v.variants.map((row) => {
            const saved = product.variants?.find((s) => s.code === row.code);
            return saved && row.stored ? { ...row, level: saved.stock } : row;
          }),
        }));
        void refreshLedgers(product.code);
      }
      return null;
    } catch (error) {
      return tools.errorText(error);
    }
  };

  const toggleActive = async () => {
    if (!stored) return;
    setBusy(true);
    try {
      const product = await setActive(stored.code, !stored.active);
      setStored(product);
      setDraft((d) => ({ ...d, active: product.active }));
      setNotice({ ok: true, text: product.active ? t('admin.products.nowShown') : t('admin.products.nowHidden') });
    } catch (error) {
      setNotice({ ok: false, text: tools.errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const duplicate = async () => {
    if (!stored || !copyCode.trim()) return;
    setBusy(true);
    try {
      const result = await duplicateProduct(stored.code, copyCode.trim());
      if (result.kind === 'saved') navigate(productHref(result.product.code));
      else if (result.kind === 'problems') setNotice({ ok: false, text: result.problems.map((p) => `${p.field}: ${p.message}`).join(' ') });
    } catch (error) {
      setNotice({ ok: false, text: tools.errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  if (loadError) {
    return (
      <section class="page admin-page">
        <LoadError message={tools.errorText(loadError)} onRetry={() => setAttempt((n) => n + 1)} />
      </section>
    );
  }
  if (!creating && !stored) return <Loading />;

  const materialKeys = tools.labelKeys('material');
  const colourKeys = tools.labelKeys('colour');
  const withCurrent = (list: string[], current: string) => (current && !list.includes(current) ? [...list, current] : list);
  const toggleKey = (list: string[], key: string) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]);
  const fieldName = (field: string) => {
    const at = variantField(field);
    if (at) {
      const [row, rest] = at;
      const head = t('admin.products.variants.variantField', { n: row + 1, code: variants.variants[row]?.code ?? '' });
      const known = FIELD_LABELS[rest.split('.')[0] ?? ''];
      return rest ? `${head} · ${known ? t(known) : rest}` : head;
    }
    const option = /^options\[(\d+)\]/.exec(field);
    if (option) return `${t('admin.products.variants.title')} · ${t('admin.products.variants.option', { n: Number(option[1]) + 1 })}`;
    const [head = '', lang] = field.split('.');
    if (lang && (head === 'name' || head === 'description')) return `${t(`admin.products.${head}`)} (${lang.toUpperCase()})`;
    const known = FIELD_LABELS[head];
    return known ? t(known) : field;
  };

  return (
    <section class="page admin-page product-page" aria-labelledby={`${id}-title`}>
      <Link href="/admin/products" class="admin-back">
        <Icon name="chevron-right" size={16} class="admin-back__icon" />
        {t('admin.products.back')}
      </Link>
      <header class="admin-page__header product-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {creating ? t('admin.products.newTitle') : `${stored?.code} · ${pickText(stored?.name, locale)}`}
        </h1>
        {stored ? (
          <p class="admin-muted product-page__meta">
            <span>{t('admin.products.version', { version: stored.version })}</span>
            <span class={stored.active ? 'status-chip' : 'status-chip status-chip--off'}>
              {stored.active ? t('admin.products.shown') : t('admin.products.hidden')}
            </span>
            {stored.active ? (
              <a href={localizePath(locale, productPath(stored.code))} target="_blank" rel="noopener">
                {t('admin.products.viewInShop')}
              </a>
            ) : null}
          </p>
        ) : null}
      </header>

      {conflict ? (
        <div class="admin-alert admin-alert--warn product-conflict" role="alert" data-testid="version-conflict">
          <p>
            <strong>{t('admin.products.conflict.title')}</strong>
          </p>
          <p>{t('admin.products.conflict.text', { version: conflict.stored.version })}</p>
          {conflict.fields.length ? (
            <p>
              {t('admin.products.conflict.fields')} {conflict.fields.map(fieldName).join(', ')}
            </p>
          ) : null}
          {conflict.fields.includes('price') ? (
            <p>{t('admin.products.conflict.price', { price: formatMoney(conflict.stored.price) })}</p>
          ) : null}
          <div class="product-actions">
            <button type="button" class="button" onClick={takeTheirs} disabled={busy}>
              {t('admin.products.conflict.reload')}
            </button>
            <button type="button" class="button button--ghost" onClick={keepMine} disabled={busy}>
              {t('admin.products.conflict.overwrite')}
            </button>
          </div>
        </div>
      ) : null}

      {problems.length ? (
        <div class="admin-alert admin-alert--error" role="alert">
          <p>{t('admin.products.problemsCount', { count: problems.length })}</p>
          <ul class="product-problems">
            {problems.map((problem, i) => (
              <li key={i}>
                {fieldName(problem.field)}: {staffMessage(problem.message, t)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <form class="product-form" onSubmit={(event) => void save(event)} noValidate>
        <fieldset class="admin-card product-form__section">
          <legend class="admin-card__title">{t('admin.products.basics')}</legend>
          <div class="product-form__row">
            <div class="admin-field">
              <label for={`${id}-code`}>{t('admin.products.code')}</label>
              <input
                id={`${id}-code`}
                value={draft.code}
                readOnly={!creating}
                maxLength={64}
                autoCapitalize="characters"
                aria-invalid={byField.code ? true : undefined}
                onInput={(event) => set('code', (event.currentTarget as HTMLInputElement).value)}
              />
              {creating ? <p class="admin-muted">{t('admin.products.codeHint')}</p> : null}
              <Problems messages={byField.code} />
            </div>
            <label class="product-filters__check product-form__active">
              <input type="checkbox" checked={draft.active} onChange={(event) => set('active', (event.currentTarget as HTMLInputElement).checked)} />
              <span>{t('admin.products.activeLabel')}</span>
            </label>
          </div>
        </fieldset>

        <fieldset class="admin-card product-form__section">
          <legend class="admin-card__title">{t('admin.products.texts')}</legend>
          <LanguageFields
            name={draft.name}
            description={draft.description}
            narrow={tools.narrow}
            problems={byField}
            onChange={(name, description) => {
              setDraft((d) => ({ ...d, name, description }));
              setNotice(null);
              setProblems((list) =>
                list.filter((p) => {
                  const [head, lang] = p.field.split('.') as [string, keyof Draft['name'] | undefined];
                  if (!lang || (head !== 'name' && head !== 'description')) return true;
                  return (head === 'name' ? name[lang] : description[lang]) === (head === 'name' ? draft.name[lang] : draft.description[lang]);
                }),
              );
            }}
          />
        </fieldset>

        {withOptions ? (
          <div class="admin-card product-form__section" data-testid="variant-summary">
            <h2 class="admin-card__title">{t('admin.products.priceAndStock')}</h2>
            <p>
              {t('admin.products.variants.fromPrice', { price: formatMoney(lowestPrice(variants) ?? 0) })}
              {' · '}
              {t('admin.products.variants.totalStock', { level: formatNumber(stored?.stock ?? 0) })}
            </p>
            <p class="admin-muted">{t('admin.products.variants.perVariant')}</p>
          </div>
        ) : (
          <fieldset class="admin-card product-form__section">
            <legend class="admin-card__title">{t('admin.products.priceAndStock')}</legend>
            <div class="product-form__row">
              <div class="admin-field">
                <label for={`${id}-price`}>{t('admin.products.priceBaht')}</label>
                <input
                  id={`${id}-price`}
                  inputMode="decimal"
                  value={draft.price}
                  aria-invalid={byField.price ? true : undefined}
                  onInput={(event) => set('price', (event.currentTarget as HTMLInputElement).value)}
                />
                <Problems messages={byField.price} />
              </div>
              <div class="admin-field">
                <label for={`${id}-compare`}>{t('admin.products.compareAtPrice')}</label>
                <input
                  id={`${id}-compare`}
                  inputMode="decimal"
                  value={draft.compareAtPrice}
                  aria-invalid={byField.compareAtPrice ? true : undefined}
                  onInput={(event) => set('compareAtPrice', (event.currentTarget as HTMLInputElement).value)}
                />
                <p class="admin-muted">{t('admin.products.compareHint')}</p>
                <Problems messages={byField.compareAtPrice} />
              </div>
              {creating ? (
                <div class="admin-field">
                  <label for={`${id}-stock`}>{t('admin.products.openingStock')}</label>
                  <input
                    id={`${id}-stock`}
                    inputMode="numeric"
                    value={draft.stock}
                    aria-invalid={byField.stock ? true : undefined}
                    onInput={(event) => set('stock', (event.currentTarget as HTMLInputElement).value)}
                  />
                  <Problems messages={byField.stock} />
                </div>
              ) : (
                <div class="admin-field">
                  <span class="product-form__label">{t('admin.products.stock')}</span>
                  <p class="product-form__stock" data-testid="stock-level">
                    {formatNumber(stored?.stock ?? 0)}
                  </p>
                  <button type="button" class="button button--ghost button--small" onClick={() => setStockCode(stored?.variants?.[0]?.code ?? stored?.code ?? null)}>
                    {t('admin.products.adjustStock')}
                  </button>
                </div>
              )}
            </div>
          </fieldset>
        )}

        <VariantEditor
          draft={variants}
          onChange={setVariants}
          productCode={draft.code}
          price={draft.price}
          images={stored?.images ?? []}
          problems={byField}
          tools={tools}
          onAdjust={(variantCode) => setStockCode(variantCode)}
          onSetStock={setVariantStock}
        />

        <fieldset class="admin-card product-form__section">
          <legend class="admin-card__title">{t('admin.products.placement')}</legend>
          <div class="product-form__choices">
            <fieldset class="product-choice" aria-invalid={byField.rooms ? true : undefined}>
              <legend>{t('admin.products.rooms')}</legend>
              <div class="product-choice__list">
                {keys.rooms.map((room) => (
                  <label key={room.key} class="product-filters__check">
                    <input type="checkbox" checked={draft.rooms.includes(room.key)} onChange={() => set('rooms', toggleKey(draft.rooms, room.key))} />
                    <span>{pickText(room.title, locale) || room.key}</span>
                  </label>
                ))}
              </div>
              <Problems messages={byField.rooms} />
            </fieldset>
            <fieldset class="product-choice">
              <legend>{t('admin.products.categories')}</legend>
              <div class="product-choice__list product-choice__list--scroll">
                {keys.categories.map((category) => (
                  <label key={category.key} class="product-filters__check" style={{ paddingInlineStart: `${category.depth * 1.25}rem` }}>
                    <input
                      type="checkbox"
                      checked={draft.categories.includes(category.key)}
                      onChange={() => set('categories', toggleKey(draft.categories, category.key))}
                    />
                    <span>{pickText(category.title, locale) || category.key}</span>
                  </label>
                ))}
              </div>
              <Problems messages={byField.categories} />
            </fieldset>
          </div>
          <div class="product-form__row">
            <div class="admin-field">
              <label for={`${id}-material`}>{t('admin.products.material')}</label>
              <select id={`${id}-material`} value={draft.material} onChange={(event) => set('material', (event.currentTarget as HTMLSelectElement).value)}>
                <option value="">{t('admin.products.none')}</option>
                {withCurrent(materialKeys, draft.material).map((key) => (
                  <option key={key} value={key}>
                    {tools.label('material', key)}
                  </option>
                ))}
              </select>
              <Problems messages={byField.material} />
            </div>
            <div class="admin-field">
              <label for={`${id}-colour`}>{t('admin.products.colour')}</label>
              <select id={`${id}-colour`} value={draft.colour} onChange={(event) => set('colour', (event.currentTarget as HTMLSelectElement).value)}>
                <option value="">{t('admin.products.none')}</option>
                {withCurrent(colourKeys, draft.colour).map((key) => (
                  <option key={key} value={key}>
                    {tools.label('colour', key)}
                  </option>
                ))}
              </select>
              <Problems messages={byField.colour} />
            </div>
          </div>
          <div class="product-form__row">
            {(['width', 'depth', 'height'] as const).map((dimension) => (
              <div class="admin-field product-form__dimension" key={dimension}>
                <label for={`${id}-${dimension}`}>{t(`admin.products.${dimension}`)}</label>
                <input
                  id={`${id}-${dimension}`}
                  inputMode="numeric"
                  value={draft[dimension]}
                  aria-invalid={byField[`dimensions.${dimension}`] || byField.dimensions ? true : undefined}
                  onInput={(event) => set(dimension, (event.currentTarget as HTMLInputElement).value)}
                />
                <Problems messages={[...(byField[`dimensions.${dimension}`] ?? []), ...(dimension === 'width' ? (byField.dimensions ?? []) : [])]} />
              </div>
            ))}
          </div>
        </fieldset>

        <div class="admin-card product-form__section">
          <ImageSlot product={stored} onChange={(product) => setStored(product)} />
          <Problems messages={byField.images} />
        </div>

        <div class="product-form__bar">
          {notice ? (
            <p class={notice.ok ? 'admin-alert admin-alert--ok' : 'admin-alert admin-alert--error'} role="status">
              {notice.text}
            </p>
          ) : null}
          <button type="submit" class="button" disabled={busy} data-testid="save-product">
            {busy ? t('common.loading') : creating ? t('admin.products.create') : t('admin.products.save')}
          </button>
        </div>
      </form>

      {stored ? (
        <section class="admin-card product-page__more" aria-labelledby={`${id}-more`}>
          <h2 id={`${id}-more`} class="admin-card__title">
            {t('admin.products.more')}
          </h2>
          <div class="product-form__row">
            <button type="button" class="button button--ghost" onClick={() => void toggleActive()} disabled={busy}>
              {stored.active ? t('admin.products.hide') : t('admin.products.show')}
            </button>
            <div class="admin-field">
              <label for={`${id}-copy`}>{t('admin.products.copyCode')}</label>
              <input id={`${id}-copy`} value={copyCode} maxLength={64} onInput={(event) => setCopyCode((event.currentTarget as HTMLInputElement).value)} />
            </div>
            <button type="button" class="button button--ghost" onClick={() => void duplicate()} disabled={busy || !copyCode.trim()}>
              {t('admin.products.duplicate')}
            </button>
          </div>
          <p class="admin-muted">{t('admin.products.neverDeleted')}</p>
          <h3 class="stock-dialog__ledger-title">{t('admin.products.stockDialog.ledger')}</h3>
          <StockLedger ledger={ledger} tools={tools} />
        </section>
      ) : null}

      {stockCode && stored ? (
        <StockDialog
          code={stockCode}
          level={stockCode === stored.code && !withOptions ? stored.stock : (variants.variants.find((v) => v.code === stockCode)?.level ?? 0)}
          ledger={ledgers[stockCode] ?? (stockCode === stored.code ? ledger : [])}
          tools={tools}
          onAdjusted={(level, entry) => {
            const before = variants.variants.find((v) => v.code === stockCode);
            const delta = before?.active || !withOptions ? level - (before?.level ?? stored.stock) : 0;
            setStored({ ...stored, stock: withOptions ? stored.stock + delta : level });
            setVariants((v) => ({ ...v, variants: v.variants.map((row) => (row.code === stockCode && row.stored ? { ...row, level } : row)) }));
            setLedgers((all) => ({ ...all, [stockCode]: [entry, ...(all[stockCode] ?? [])] }));
            if (stockCode === stored.code) setLedger([entry, ...ledger]);
            setStockCode(null);
            setNotice({ ok: true, text: t('admin.products.stockSaved', { level: formatNumber(level) }) });
          }}
          onClose={() => setStockCode(null)}
        />
      ) : null}
    </section>
  );
}
