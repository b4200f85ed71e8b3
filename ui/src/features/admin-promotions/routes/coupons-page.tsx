//! /admin/coupons: every coupon with its discount, minimum spend, window, uses so far against its
//! limits and its state; a form to create or change one. Coupons are switched off, never deleted.
//! Needs `catalog.write`. The cart quote and the header's coupon label use a change at once.
import { useEffect, useId, useState } from 'react';
import type { AdminCoupon } from '../../../api/types';
import { ApiError } from '../../../api/client';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatNumber } from '../../../lib/format';
import { listCoupons, saveCoupon } from '../api/promotions-api';
import { Field } from '../components/field';
import { PromoTabs } from '../components/promo-tabs';
import { checkCoupon, couponDraft, couponState, dayOf, endWarning, lastDayOf, serverProblems, type CouponDraft } from '../promotion-rules';
import type { PromotionTools } from '../tools';
import '../admin-promotions.css';

export type CouponsPageProps = { tools: PromotionTools };

export function CouponsPage({ tools }: CouponsPageProps) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.coupons.title'));
  const id = useId();
  const [coupons, setCoupons] = useState<AdminCoupon[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<{ draft: CouponDraft; isNew: boolean } | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    listCoupons({ signal: controller.signal }).then(
      (list) => !controller.signal.aborted && setCoupons(list),
      (failed: unknown) => !controller.signal.aborted && setError(failed),
    );
    return () => controller.abort();
  }, [attempt]);

  const now = Date.now() / 1000;
  const open = (coupon: AdminCoupon | null) => {
    setEditing({ draft: couponDraft(coupon, tools.today()), isNew: !coupon });
    setTouched(false);
    setProblems({});
    setFailure(null);
    setNotice(null);
  };
  const checked = editing ? checkCoupon(editing.draft) : null;
  const problem = (field: keyof CouponDraft) => {
    const local = touched && checked?.errors[field] ? t(checked.errors[field]!) : null;
    return local ?? problems[field] ?? null;
  };
  const set = (patch: Partial<CouponDraft>) => editing && setEditing({ ...editing, draft: { ...editing.draft, ...patch } });
  const input = (field: keyof CouponDraft, extra: Record<string, unknown> = {}) => ({
    id: `${id}-${field}`,
    value: editing ? String(editing.draft[field]) : '',
    'aria-invalid': problem(field) ? true : undefined,
    'aria-describedby': problem(field) ? `${id}-${field}-error` : undefined,
    onInput: (event: Event) => set({ [field]: (event.currentTarget as HTMLInputElement).value } as Partial<CouponDraft>),
    ...extra,
  });

  const store = (saved: AdminCoupon) =>
    setCoupons((list) => [...(list ?? []).filter((c) => c.code !== saved.code), saved].sort((a, b) => a.code.localeCompare(b.code)));

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!editing || !checked) return;
    setTouched(true);
    if (!checked.coupon) return;
    setBusy(true);
    setFailure(null);
    setProblems({});
    try {
      const saved = await saveCoupon(checked.coupon, editing.isNew);
      store(saved);
      setNotice(t(editing.isNew ? 'admin.coupons.created' : 'admin.coupons.saved', { code: saved.code }));
      setEditing(null);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'invalid_input') setProblems(serverProblems(caught.message));
      setFailure(caught instanceof ApiError && caught.code === 'already_exists' ? t('admin.coupons.errors.exists') : tools.errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const switchOnOff = async (coupon: AdminCoupon) => {
    setNotice(null);
    const { uses: _uses, ...plain } = coupon;
    try {
      const saved = await saveCoupon({ ...plain, active: coupon.active === false }, false);
      store(saved);
      setNotice(t(saved.active === false ? 'admin.coupons.nowOff' : 'admin.coupons.nowOn', { code: saved.code }));
    } catch (caught) {
      setNotice(tools.errorText(caught));
    }
  };

  const discount = (c: AdminCoupon) =>
    c.discount.kind === 'percent' ? t('admin.coupons.percentOff', { value: c.discount.value }) : t('admin.coupons.amountOff', { amount: formatMoney(c.discount.value) });
  const uses = (c: AdminCoupon) =>
    c.usageLimit > 0 ? t('admin.coupons.usesOf', { uses: formatNumber(c.uses), limit: formatNumber(c.usageLimit) }) : t('admin.coupons.usesNoLimit', { uses: formatNumber(c.uses) });
  const perUser = (c: AdminCoupon) => (c.perUserLimit > 0 ? t('admin.coupons.perCustomer', { count: c.perUserLimit }) : t('admin.coupons.perCustomerNoLimit'));

  const shown = (day: string) => (tools.day ? tools.day(day) || day : day);
  const ending = editing ? endWarning(editing.draft.to, tools.today()) : null;
  const form = editing ? (
    <section class="admin-card promo-form" aria-labelledby={`${id}-form`} data-testid="coupon-form">
      <h2 id={`${id}-form`} class="admin-card__title">
        {editing.isNew ? t('admin.coupons.new') : t('admin.coupons.edit', { code: editing.draft.code })}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate class="promo-form__grid">
        <Field id={`${id}-code`} label={t('admin.coupons.code')} problem={problem('code')} hint={t('admin.coupons.codeHint')}>
          <input {...input('code', { readOnly: !editing.isNew, maxLength: 32, autoCapitalize: 'characters', spellcheck: false, class: 'promo-code-input' })} type="text" />
        </Field>
        <Field id={`${id}-kind`} label={t('admin.promotions.discountKind')}>
          <select id={`${id}-kind`} value={editing.draft.kind} onChange={(e) => set({ kind: (e.currentTarget as HTMLSelectElement).value as 'percent' | 'amount' })}>
            <option value="amount">{t('admin.coupons.amount')}</option>
            <option value="percent">{t('admin.promotions.percent')}</option>
          </select>
        </Field>
        <Field id={`${id}-value`} label={editing.draft.kind === 'percent' ? t('admin.promotions.percentValue') : t('admin.promotions.amountValue')} problem={problem('value')}>
          <input {...input('value', { inputMode: 'decimal' })} type="text" />
        </Field>
        <Field id={`${id}-minSpend`} label={t('admin.coupons.minSpend')} problem={problem('minSpend')}>
          <input {...input('minSpend', { inputMode: 'decimal' })} type="text" />
        </Field>
        <Field id={`${id}-from`} label={t('admin.coupons.validFrom')} problem={problem('from')} hint={shown(editing.draft.from)}>
          <input {...input('from')} type="date" />
        </Field>
        <Field id={`${id}-to`} label={t('admin.coupons.validTo')} problem={problem('to')} hint={shown(editing.draft.to)}>
          <input {...input('to')} type="date" />
        </Field>
        {ending ? (
          <p class="admin-alert admin-alert--warn promo-form__wide" role="status" data-testid="coupon-end-warning">
            {t(ending === 'ended' ? 'admin.coupons.endedWarning' : 'admin.coupons.endsTodayWarning', { date: shown(editing.draft.to) })}
          </p>
        ) : null}
        <Field id={`${id}-usageLimit`} label={t('admin.coupons.usageLimit')} problem={problem('usageLimit')} hint={t('admin.coupons.zeroNoLimit')}>
          <input {...input('usageLimit', { inputMode: 'numeric' })} type="text" />
        </Field>
        <Field id={`${id}-perUserLimit`} label={t('admin.coupons.perUserLimit')} problem={problem('perUserLimit')} hint={t('admin.coupons.zeroNoLimit')}>
          <input {...input('perUserLimit', { inputMode: 'numeric' })} type="text" />
        </Field>
        <div class="promo-form__wide promo-form__checks">
          <label class="promo-check">
            <input type="checkbox" class="admin-check" checked={editing.draft.active} onChange={(e) => set({ active: (e.currentTarget as HTMLInputElement).checked })} />
            {t('admin.coupons.active')}
          </label>
          <label class="promo-check">
            <input type="checkbox" class="admin-check" checked={editing.draft.display} onChange={(e) => set({ display: (e.currentTarget as HTMLInputElement).checked })} />
            {t('admin.coupons.display')}
          </label>
        </div>
        {failure ? (
          <p class="admin-alert admin-alert--error promo-form__wide" role="alert">
            {failure}
          </p>
        ) : null}
        <div class="promo-form__wide promo-form__actions">
          <button type="submit" class="button" disabled={busy}>
            {busy ? t('admin.common.saving') : t('admin.coupons.save')}
          </button>
          <button type="button" class="button button--ghost" onClick={() => setEditing(null)}>
            {t('admin.promotions.cancel')}
          </button>
        </div>
      </form>
    </section>
  ) : null;

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.coupons.title')}
        </h1>
        {!editing ? (
          <button type="button" class="button" onClick={() => open(null)}>
            {t('admin.coupons.new')}
          </button>
        ) : null}
      </header>
      <PromoTabs />
      <p class="admin-alert admin-alert--ok" role="status" hidden={!notice}>
        {notice}
      </p>
      {form}
      {error ? (
        <LoadError message={tools.errorText(error)} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!coupons && !error ? <Loading /> : null}
      {coupons && !editing ? (
        coupons.length ? (
          <ul class="promo-cards" aria-label={t('admin.coupons.title')}>
            {coupons.map((c) => {
              const state = couponState(c, now);
              return (
                <li key={c.code} class="promo-card" data-testid="coupon-row" data-code={c.code}>
                  <div class="promo-card__top">
                    <strong class="promo-card__name">
                      <code>{c.code}</code>
                    </strong>
                    <span class={`status-chip promo-state--${state}`}>{t(`admin.coupons.state.${state}`)}</span>
                  </div>
                  <p class="promo-card__discount">
                    {discount(c)}
                    {c.minSpend > 0 ? ` · ${t('admin.coupons.over', { amount: formatMoney(c.minSpend) })}` : ''}
                  </p>
                  <p class="admin-muted" data-testid="coupon-dates">
                    {shown(dayOf(c.startsAt))} – {shown(lastDayOf(c.endsAt))}
                  </p>
                  <p class="promo-card__uses" data-testid="coupon-uses">
                    {uses(c)} · {perUser(c)}
                  </p>
                  <div class="promo-card__actions">
                    <button type="button" class="button button--ghost button--small" onClick={() => open(c)}>
                      {t('admin.promotions.editButton')}
                    </button>
                    <button type="button" class={`button button--small ${c.active === false ? 'button--ghost' : 'button--danger-ghost'}`} onClick={() => void switchOnOff(c)}>
                      {c.active === false ? t('admin.promotions.activate') : t('admin.promotions.deactivate')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p class="admin-muted">{t('admin.coupons.none')}</p>
        )
      ) : null}
    </section>
  );
}
