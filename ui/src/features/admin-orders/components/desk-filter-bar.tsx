//! The desk's filters: status chips (toggle buttons, applied at once, "paid, not shipped" first),
//! and a form with the search text (order number, phone or name), shop days from/to, payment
//! method and channel. A payment choice applies at once, a day when the field is left (a date
//! field reports every complete date while the year is typed), text on Enter or "Apply". On a phone
//! the days, payment and channel fold under "More filters" (open while one of them is set).
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useState } from 'react';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { hasFilters, NO_FILTERS, PAYMENT_METHODS, STATUS_CHIPS, UNSHIPPED, type DeskFilters, type StatusFilter } from '../desk-filters';

type FilterBarProps = {
  filters: DeskFilters;
  onChange: (filters: DeskFilters) => void;
  label: (group: string, key: string) => string;
  /** Channels seen on the desk so far, offered as suggestions. */
  channels: string[];
  /** Phone-sized screen: the less used filters fold away. */
  narrow?: boolean;
};

function More({ narrow, open, children }: { narrow: boolean; open: boolean; children: ComponentChildren }) {
  const { t } = useI18n();
  if (!narrow) return <>{children}</>;
  return (
    <details class="desk-filters__more" open={open}>
      <summary>{t('admin.orders.moreFilters')}</summary>
      <div class="desk-filters__more-body">{children}</div>
    </details>
  );
}

export function DeskFilterBar({ filters, onChange, label, channels, narrow = false }: FilterBarProps) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const [rangeError, setRangeError] = useState(false);
  // The URL changed (Back, a chip, a link): the form shows what is applied.
  useEffect(() => {
    setDraft(filters);
    setRangeError(false);
  }, [filters]);

  const apply = (next: DeskFilters) => {
    if (next.from && next.to && next.from > next.to) {
      setRangeError(true);
      return;
    }
    setRangeError(false);
    onChange(next);
  };
  const set = (key: keyof DeskFilters, value: string, now = false) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (now) apply(next);
  };
  const chipText = (status: StatusFilter) =>
    status === '' ? t('admin.orders.allOrders') : status === UNSHIPPED ? t('admin.orders.unshipped') : label('orderStatus', status);

  return (
    <div class="desk-filters">
      <div class="chip-row" role="group" aria-label={t('admin.orders.statusFilter')}>
        {STATUS_CHIPS.map((status) => (
          <button
            key={status || 'all'}
            type="button"
            class={`chip-button${status === UNSHIPPED ? ' chip-button--key' : ''}`}
            aria-pressed={filters.status === status}
            data-status={status || 'all'}
            onClick={() => apply({ ...filters, status })}
          >
            {chipText(status)}
          </button>
        ))}
      </div>
      <form
        class="desk-filters__form"
        role="search"
        aria-label={t('admin.orders.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <div class="admin-field admin-field--grow">
          <label for={`${id}-q`}>{t('admin.orders.search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={draft.q}
            maxLength={100}
            placeholder={t('admin.orders.searchHint')}
            autoComplete="off"
            onInput={(event) => set('q', (event.currentTarget as HTMLInputElement).value)}
          />
        </div>
        <More narrow={narrow} open={Boolean(filters.from || filters.to || filters.payment || filters.kcard)}>
          <div class="admin-field">
            <label for={`${id}-from`}>{t('admin.orders.from')}</label>
            <input
              id={`${id}-from`}
              type="date"
              name="from"
              value={draft.from}
              max={draft.to || undefined}
              aria-invalid={rangeError || undefined}
              aria-describedby={rangeError ? `${id}-range` : undefined}
              onInput={(event) => set('from', (event.currentTarget as HTMLInputElement).value)}
              onBlur={() => apply(draft)}
            />
          </div>
          <div class="admin-field">
            <label for={`${id}-to`}>{t('admin.orders.to')}</label>
            <input
              id={`${id}-to`}
              type="date"
              name="to"
              value={draft.to}
              min={draft.from || undefined}
              aria-invalid={rangeError || undefined}
              aria-describedby={rangeError ? `${id}-range` : undefined}
              onInput={(event) => set('to', (event.currentTarget as HTMLInputElement).value)}
              onBlur={() => apply(draft)}
            />
          </div>
          <div class="admin-field">
            <label for={`${id}-payment`}>{t('admin.orders.payment')}</label>
            <select
              id={`${id}-payment`}
              name="payment"
              value={draft.payment}
              onChange={(event) => set('payment', (event.currentTarget as HTMLSelectElement).value, true)}
            >
              <option value="">{t('admin.common.all')}</option>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {label('paymentMethod', method)}
                </option>
              ))}
            </select>
          </div>
          <div class="admin-field">
            <label for={`${id}-kcard`}>{t('admin.orders.channel')}</label>
            <input
              id={`${id}-kcard`}
              type="text"
              name="kcard"
              value={draft.kcard}
              maxLength={64}
              list={`${id}-channels`}
              autoComplete="off"
              spellcheck={false}
              onInput={(event) => set('kcard', (event.currentTarget as HTMLInputElement).value)}
            />
            <datalist id={`${id}-channels`}>
              {channels.map((channel) => (
                <option key={channel} value={channel} />
              ))}
            </datalist>
          </div>
        </More>
        <div class="desk-filters__actions">
          <button type="submit" class="button">
            <Icon name="search" size={18} />
            <span>{t('admin.common.apply')}</span>
          </button>
          {hasFilters(filters) ? (
            <button type="button" class="button button--ghost" onClick={() => apply(NO_FILTERS)}>
              {t('admin.common.clearFilters')}
            </button>
          ) : null}
        </div>
        {rangeError ? (
          <p id={`${id}-range`} class="admin-error desk-filters__error" role="alert">
            {t('admin.orders.errRange')}
          </p>
        ) : null}
      </form>
    </div>
  );
}
