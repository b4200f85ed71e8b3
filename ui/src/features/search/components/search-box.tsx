//! The header search box: submits to /search or /searchcode under the current language, then
//! clears. While typing it suggests up to six products (debounced, from the word search, or from
//! the code search after a `#`) in an ARIA combobox: the list is a listbox whose active option
//! follows the arrow keys (aria-activedescendant), Enter opens it, Escape closes the list.
//! On a phone the header shows the box only once its search button is pressed: `focusOnOpen`
//! then puts the caret in it, and Escape with no list open hands the box back through
//! `onDismiss`.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ProductSummary } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { Price } from '../../../components/price';
import { ProductImage } from '../../../components/product-image';
import { useProductSlots } from '../../../components/product-slots';
import { useI18n } from '../../../i18n/i18n-store';
import { formatNumber } from '../../../lib/format';
import type { LocaleCode } from '../../../lib/locale-path';
import { isFromPrice, productPath, type ListProduct } from '../../../lib/product';
import { useRemote } from '../../../lib/use-remote';
import { codeSearchUrl, searchCodes } from '../api/search-codes';
import { searchProducts, suggestUrl } from '../api/search-products';
import { searchTarget } from '../search-target';
import { CLOSED, MAX_SUGGESTIONS, suggestionKey, suggestionQuery, type SuggestionQuery, type SuggestionState } from '../suggestion-keys';
import './search-box.css';

export const SUGGEST_DEBOUNCE_MS = 200;
/** The longest keyword the search API accepts; one more character leaves room for a leading #. */
const MAX_KEYWORD_LENGTH = 100;

function requestOf(
  query: SuggestionQuery | null,
  lang: LocaleCode,
): { key: string; load: (signal: AbortSignal) => Promise<ProductSummary[]> } | null {
  if (!query) return null;
  if (query.kind === 'code') {
    // Keys of their own: the search pages cache whole answers under the bare URLs.
    return {
      key: `suggest:${codeSearchUrl(query.keyword, lang)}`,
      load: (signal) => searchCodes(query.keyword, lang, signal, false).then((found) => found.products.slice(0, MAX_SUGGESTIONS)),
    };
  }
  const url = suggestUrl(query.keyword, MAX_SUGGESTIONS, lang);
  return { key: `suggest:${url}`, load: (signal) => searchProducts(query.keyword, MAX_SUGGESTIONS, lang, signal, false).then((found) => found.products) };
}

/** What was typed, settled for SUGGEST_DEBOUNCE_MS: suggestions are not asked on every key. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

type SearchBoxProps = {
  /** Moves the focus into the field whenever this turns true (the phone header opened it). */
  focusOnOpen?: boolean;
  /** Escape pressed while no suggestion list is open: the phone header closes the field. */
  onDismiss?: () => void;
};

export function SearchBox({ focusOnOpen = false, onDismiss }: SearchBoxProps = {}) {
  const { t, locale } = useI18n();
  const { price: SlotPrice = Price } = useProductSlots();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) input.current?.focus();
  }, [focusOnOpen]);
  const [, navigate] = useLocation();
  const [value, setValue] = useState('');
  const [ui, setUi] = useState<SuggestionState>(CLOSED);
  const [focused, setFocused] = useState(false);
  const id = useId();
  const listId = `${id}-list`;
  const settled = useDebounced(value, SUGGEST_DEBOUNCE_MS);
  const request = requestOf(value.trim() ? suggestionQuery(settled) : null, locale);
  const remote = useRemote<ProductSummary[]>(request?.key ?? null, (signal) => request?.load(signal) ?? Promise.resolve([]));
  const suggestions = request && remote.status === 'ready' ? remote.data : [];
  const count = suggestions.length;
  const expanded = ui.open && focused && count > 0;
  const active = expanded && ui.active < count ? ui.active : -1;

  // New suggestions arrive closed to the keyboard but open to the eye: the list shows, no option is active.
  useEffect(() => {
    setUi(count > 0 ? { open: true, active: -1 } : CLOSED);
  }, [request?.key, count]);

  const reset = () => {
    setValue('');
    setUi(CLOSED);
  };
  const choose = (product: ProductSummary) => {
    // A variant's code (or one of its values) matched: open the product with it chosen.
    navigate(productPath(product.code, (product as ListProduct).variant));
    reset();
  };
  const submit = (event: Event) => {
    event.preventDefault();
    const target = searchTarget(value);
    if (!target) return;
    navigate(target);
    reset();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    const result = suggestionKey({ open: expanded, active }, event.key, count);
    if (result.handled) event.preventDefault();
    setUi(result.state);
    if (result.effect === 'choose') {
      const product = suggestions[active];
      if (product) choose(product);
    } else if (result.effect === 'clear') {
      setValue('');
      onDismiss?.();
    }
  };

  return (
    <div class="search">
      <form class="search-box" role="search" onSubmit={submit}>
        <label class="visually-hidden" for={id}>
          {t('header.searchLabel')}
        </label>
        <input
          ref={input}
          id={id}
          class="search-box__input"
          type="text"
          name="keyword"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          maxLength={MAX_KEYWORD_LENGTH + 1}
          enterKeyHint="search"
          placeholder={t('header.searchPlaceholder')}
          value={value}
          onInput={(event) => {
            setValue((event.currentTarget as HTMLInputElement).value);
            setUi((s) => ({ ...s, active: -1 }));
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        <button class="search-box__button" type="submit" aria-label={t('header.searchButton')}>
          <Icon name="search" size={20} />
        </button>
      </form>
      <ul
        id={listId}
        class="suggestions"
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!expanded}
        // Keeps the focus in the box when an option is clicked, so the click is not lost to a blur.
        onMouseDown={(event) => event.preventDefault()}
      >
        {expanded
          ? suggestions.map((product, index) => (
              <li
                key={product.code}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                class={`suggestion${index === active ? ' is-active' : ''}`}
                onClick={() => choose(product)}
                onMouseMove={() => {
                  if (ui.active !== index) setUi({ open: true, active: index });
                }}
              >
                <ProductImage class="suggestion__image" src={product.image} alt="" sizes="64px" fallbackWidth={160} eager />
                <span class="suggestion__text">
                  <span class="suggestion__name">{product.name || product.code}</span>
                  <span class="suggestion__code">{product.code}</span>
                </span>
                <SlotPrice product={product} size="sm" class="suggestion__price" from={isFromPrice(product)} />
              </li>
            ))
          : null}
      </ul>
      <p class="visually-hidden" role="status">
        {focused && request && remote.status === 'ready'
          ? count > 0
            ? t('search.suggestionsCount', { count: formatNumber(count) })
            : t('search.noSuggestions')
          : ''}
      </p>
    </div>
  );
}
