//! Coupon and coins at checkout. A coupon is applied by typing its code (or picking one the shop
//! shows) and checked by the server's quote; coins are a whole number up to the balance (1 coin
//! = ฿1). The server's verdict shows next to each field. Enter applies, it never places the order.
import { useEffect, useState } from 'react';
import type { ShopCoupon } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { useStore } from '../../../lib/create-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import { coinsProblem } from '../checkout-rules';
import { cartQuote, checkoutDraft } from '../checkout-state';
import { applyCoins, applyCoupon } from '../quote-store';

/** A word joiner: the message's minus sign stays with the amount when the line wraps. */
const NO_BREAK = '\u2060';

export type CouponSuggestion = Pick<ShopCoupon, 'code' | 'discount' | 'minSpend'>;

type InlineFieldProps = {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  onApply: () => void;
  error: string | null;
  hint?: string;
  inputMode?: 'text' | 'numeric';
  disabled?: boolean;
  busy?: boolean;
};

function InlineField({ id, label, value, onValue, onApply, error, hint, inputMode = 'text', disabled = false, busy = false }: InlineFieldProps) {
  const { t } = useI18n();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' field--invalid' : ''}`}>
      <label class="field__label" for={id}>
        {label}
      </label>
      <div class="inline-field">
        <input
          id={id}
          name={id}
          class="field__input"
          value={value}
          inputMode={inputMode}
          autoComplete="off"
          autoCapitalize={inputMode === 'text' ? 'characters' : undefined}
          spellcheck={false}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onInput={(event) => onValue((event.currentTarget as HTMLInputElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onApply();
            }
          }}
        />
        <button type="button" class="button button--ghost inline-field__button" onClick={onApply} disabled={disabled || busy}>
          {t('checkout.apply')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} class="field__error">
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} class="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function couponText(t: ReturnType<typeof useI18n>['t'], coupon: CouponSuggestion): string {
  const off = coupon.discount.kind === 'percent' ? `${formatNumber(coupon.discount.value)} %` : formatMoney(coupon.discount.value);
  return coupon.minSpend > 0 ? t('checkout.couponOffFrom', { amount: off, min: formatMoney(coupon.minSpend) }) : t('checkout.couponOff', { amount: off });
}

export function CouponField({ suggestions }: { suggestions: CouponSuggestion[] }) {
  const { t } = useI18n();
  const draft = useStore(checkoutDraft);
  const state = useStore(cartQuote);
  const [text, setText] = useState(draft.coupon ?? '');
  const checking = state.status === 'loading';
  const applied = draft.coupon && state.quote && state.status === 'ready' && state.quote.couponDiscount > 0 ? draft.coupon : null;
  const error = state.couponError ? t(state.couponError.key, state.couponError.params) : null;

  if (applied) {
    return (
      <div class="applied" data-testid="coupon-applied">
        <Icon name="ticket" size={18} />
        <span>{t('checkout.couponApplied', { code: applied, amount: NO_BREAK + formatMoney(state.quote!.couponDiscount) })}</span>
        <button
          type="button"
          class="applied__remove"
          onClick={() => {
            setText('');
            applyCoupon('');
          }}
        >
          {t('checkout.removeCoupon')}
        </button>
      </div>
    );
  }
  return (
    <div class="savings-field">
      <InlineField
        id="coupon"
        label={t('checkout.couponCode')}
        value={text}
        onValue={setText}
        onApply={() => applyCoupon(text)}
        error={error}
        busy={checking && !!draft.coupon}
      />
      {suggestions.length > 0 ? (
        <div class="coupon-suggestions">
          <p class="coupon-suggestions__title">{t('checkout.availableCoupons')}</p>
          <ul class="pill-list">
            {suggestions.map((coupon) => (
              <li key={coupon.code}>
                <button
                  type="button"
                  class="pill coupon-pill"
                  onClick={() => {
                    setText(coupon.code);
                    applyCoupon(coupon.code);
                  }}
                >
                  <strong>{coupon.code}</strong> <span>{couponText(t, coupon)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function CoinsField({ balance }: { balance: number }) {
  const { t } = useI18n();
  const draft = useStore(checkoutDraft);
  const state = useStore(cartQuote);
  const [text, setText] = useState(draft.coins > 0 ? String(draft.coins) : '');
  const [localError, setLocalError] = useState<string | null>(null);
  useEffect(() => setLocalError(null), [text]);
  const used = state.quote && state.status === 'ready' ? state.quote.coins : 0;
  const serverError = state.coinError ? t(state.coinError.key, state.coinError.params) : null;

  const apply = () => {
    const problem = coinsProblem(text, balance);
    if (problem) {
      setLocalError(t(problem.key, problem.params));
      return;
    }
    applyCoins(Number(text.trim() || 0));
  };

  if (draft.coins > 0 && used > 0) {
    return (
      <div class="applied" data-testid="coins-applied">
        <Icon name="coin" size={18} />
        <span>{t('checkout.coinsApplied', { count: formatNumber(used / 100), amount: NO_BREAK + formatMoney(used) })}</span>
        <button
          type="button"
          class="applied__remove"
          onClick={() => {
            setText('');
            applyCoins(0);
          }}
        >
          {t('checkout.removeCoins')}
        </button>
      </div>
    );
  }
  return (
    <InlineField
      id="coins"
      label={t('checkout.coinsLabel')}
      value={text}
      onValue={setText}
      onApply={apply}
      inputMode="numeric"
      error={localError ?? serverError}
      hint={balance > 0 ? t('checkout.coinsHint', { count: formatNumber(balance) }) : t('checkout.noCoins')}
      disabled={balance <= 0}
      busy={state.status === 'loading' && draft.coins > 0}
    />
  );
}
