//! /admin/promotions: every promotion (on or off) with its discount, language, dates and what it
//! covers; a form to create or change one (docs/STOREFRONT.md §5 rule: language, include/exclude
//! lists of products, rooms and categories, not with on-sale products). Promotions are switched
//! off, never deleted. Needs `catalog.write`. The storefront and the cart quote use a saved change
//! at once.
import { useEffect, useId, useState } from 'react';
import type { CategoryNode, Promotion } from '../../../api/types';
import { ApiError } from '../../../api/client';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { pickText, useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney } from '../../../lib/format';
import { listPromotions, loadTaxonomy, savePromotion, type Taxonomy } from '../api/promotions-api';
import { Field } from '../components/field';
import { KeyPicker, ProductPicker } from '../components/key-picker';
import { PromoTabs } from '../components/promo-tabs';
import {
  checkPromotion,
  dayOf,
  endWarning,
  lastDayOf,
  promotionDraft,
  promotionState,
  serverProblems,
  toggleIn,
  type ListField,
  type PromotionDraft,
} from '../promotion-rules';
import type { PromotionTools } from '../tools';
import '../admin-promotions.css';

export type PromotionsPageProps = { tools: PromotionTools };

function flatCategories(nodes: CategoryNode[], depth = 0): { key: string; node: CategoryNode; depth: number }[] {
  return nodes.flatMap((node) => [{ key: node.key, node, depth }, ...flatCategories(node.children, depth + 1)]);
}

export function discountText(promotion: Pick<Promotion, 'discount'>): string {
  return promotion.discount.kind === 'percent' ? `${promotion.discount.value} %` : formatMoney(promotion.discount.value);
}

export function PromotionsPage({ tools }: PromotionsPageProps) {
  const { t, locale, languages } = useI18n();
  useDocumentTitle(t('admin.promotions.title'));
  const id = useId();
  const [promotions, setPromotions] = useState<Promotion[] | null>(null);
  const [taxonomy, setTaxonomy] = useState<Taxonomy>({ rooms: [], categories: [] });
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState<{ draft: PromotionDraft; isNew: boolean } | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    Promise.all([listPromotions({ signal: controller.signal }), loadTaxonomy({ signal: controller.signal })]).then(
      ([list, tax]) => {
        if (controller.signal.aborted) return;
        setPromotions(list);
        setTaxonomy(tax);
      },
      (failed: unknown) => !controller.signal.aborted && setError(failed),
    );
    return () => controller.abort();
  }, [attempt]);

  const now = Date.now() / 1000;
  const roomTitle = (key: string) => pickText(taxonomy.rooms.find((room) => room.key === key)?.title, locale) || key;
  const categories = flatCategories(taxonomy.categories);
  const categoryTitle = (key: string) => pickText(categories.find((c) => c.key === key)?.node.title, locale) || key;
  const languageName = (code: string) => (code ? languages.find((l) => l.code === code)?.name ?? code : t('admin.promotions.allLanguages'));

  const open = (promotion: Promotion | null) => {
    setEditing({ draft: promotionDraft(promotion), isNew: !promotion });
    setTouched(false);
    setProblems({});
    setFailure(null);
    setNotice(null);
  };

  const checked = editing ? checkPromotion(editing.draft) : null;
  const problem = (field: keyof PromotionDraft) => {
    const local = touched && checked?.errors[field] ? t(checked.errors[field]!) : null;
    return local ?? problems[field] ?? null;
  };
  const set = (patch: Partial<PromotionDraft>) => editing && setEditing({ ...editing, draft: { ...editing.draft, ...patch } });
  const toggle = (field: ListField, key: string) => editing && setEditing({ ...editing, draft: toggleIn(editing.draft, field, key) });

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!editing || !checked) return;
    setTouched(true);
    if (!checked.promotion) return;
    setBusy(true);
    setFailure(null);
    setProblems({});
    try {
      const saved = await savePromotion(checked.promotion, editing.isNew);
      setPromotions((list) => {
        const rest = (list ?? []).filter((p) => p.id !== saved.id);
        return [...rest, saved].sort((a, b) => a.id.localeCompare(b.id));
      });
      setNotice(t(editing.isNew ? 'admin.promotions.created' : 'admin.promotions.saved', { name: saved.name || saved.id }));
      setEditing(null);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'invalid_input') setProblems(serverProblems(caught.message));
      setFailure(tools.errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const switchOnOff = async (promotion: Promotion) => {
    setNotice(null);
    try {
      const saved = await savePromotion({ ...promotion, display: !promotion.display }, false);
      setPromotions((list) => (list ?? []).map((p) => (p.id === saved.id ? saved : p)));
      setNotice(t(saved.display ? 'admin.promotions.nowOn' : 'admin.promotions.nowOff', { name: saved.name || saved.id }));
    } catch (caught) {
      setNotice(tools.errorText(caught));
    }
  };

  const covers = (p: Promotion) => {
    const parts: string[] = [];
    if (p.roomInc.length) parts.push(`${t('admin.promotions.rooms')}: ${p.roomInc.map(roomTitle).join(', ')}`);
    if (p.catInc.length) parts.push(`${t('admin.promotions.categories')}: ${p.catInc.map(categoryTitle).join(', ')}`);
    if (p.prodInc.length) parts.push(`${t('admin.promotions.products')}: ${p.prodInc.join(', ')}`);
    const excluded = [...p.roomExc.map(roomTitle), ...p.catExc.map(categoryTitle), ...p.prodExc];
    if (excluded.length) parts.push(`${t('admin.promotions.except')}: ${excluded.join(', ')}`);
    return parts.length ? parts.join(' · ') : t('admin.promotions.everything');
  };

  const shown = (day: string) => (tools.day ? tools.day(day) || day : day);
  const dates = (p: Promotion) =>
    p.startsAt == null && p.endsAt == null
      ? t('admin.promotions.always')
      : `${p.startsAt != null ? shown(dayOf(p.startsAt)) : '…'} – ${p.endsAt != null ? shown(lastDayOf(p.endsAt)) : '…'}`;
  const ending = editing && editing.draft.to.trim() ? endWarning(editing.draft.to, tools.today()) : null;

  const form = editing ? (
    <section class="admin-card promo-form" aria-labelledby={`${id}-form`} data-testid="promotion-form">
      <h2 id={`${id}-form`} class="admin-card__title">
        {editing.isNew ? t('admin.promotions.new') : t('admin.promotions.edit', { name: editing.draft.name || editing.draft.id })}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate class="promo-form__grid">
        <div class="promo-form__wide">
          <Field id={`${id}-name`} label={t('admin.promotions.name')} problem={problem('name')}>
            <input id={`${id}-name`} type="text" value={editing.draft.name} maxLength={200} onInput={(e) => set({ name: (e.currentTarget as HTMLInputElement).value })} />
          </Field>
        </div>
        <Field id={`${id}-kind`} label={t('admin.promotions.discountKind')}>
          <select id={`${id}-kind`} value={editing.draft.kind} onChange={(e) => set({ kind: (e.currentTarget as HTMLSelectElement).value as 'percent' | 'amount' })}>
            <option value="percent">{t('admin.promotions.percent')}</option>
            <option value="amount">{t('admin.promotions.amountPerItem')}</option>
          </select>
        </Field>
        <Field id={`${id}-value`} label={editing.draft.kind === 'percent' ? t('admin.promotions.percentValue') : t('admin.promotions.amountValue')} problem={problem('value')}>
          <input id={`${id}-value`} type="text" inputMode="decimal" value={editing.draft.value} onInput={(e) => set({ value: (e.currentTarget as HTMLInputElement).value })} />
        </Field>
        <Field id={`${id}-lang`} label={t('admin.promotions.lang')} hint={t('admin.promotions.langHint')}>
          <select id={`${id}-lang`} value={editing.draft.lang} onChange={(e) => set({ lang: (e.currentTarget as HTMLSelectElement).value })}>
            <option value="">{t('admin.promotions.allLanguages')}</option>
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-from`} label={t('admin.promotions.from')} problem={problem('from')} hint={editing.draft.from.trim() ? shown(editing.draft.from) : t('admin.promotions.optionalDate')}>
          <input id={`${id}-from`} type="date" value={editing.draft.from} onInput={(e) => set({ from: (e.currentTarget as HTMLInputElement).value })} />
        </Field>
        <Field id={`${id}-to`} label={t('admin.promotions.to')} problem={problem('to')} hint={editing.draft.to.trim() ? shown(editing.draft.to) : t('admin.promotions.optionalDate')}>
          <input id={`${id}-to`} type="date" value={editing.draft.to} onInput={(e) => set({ to: (e.currentTarget as HTMLInputElement).value })} />
        </Field>
        {ending ? (
          <p class="admin-alert admin-alert--warn promo-form__wide" role="status" data-testid="promotion-end-warning">
            {t(ending === 'ended' ? 'admin.promotions.endedWarning' : 'admin.promotions.endsTodayWarning', { date: shown(editing.draft.to) })}
          </p>
        ) : null}
        <div class="promo-form__wide promo-form__checks">
          <label class="promo-check">
            <input type="checkbox" class="admin-check" checked={editing.draft.display} onChange={(e) => set({ display: (e.currentTarget as HTMLInputElement).checked })} />
            {t('admin.promotions.active')}
          </label>
          <label class="promo-check">
            <input type="checkbox" class="admin-check" checked={editing.draft.noProdDis} onChange={(e) => set({ noProdDis: (e.currentTarget as HTMLInputElement).checked })} />
            {t('admin.promotions.noProdDis')}
          </label>
        </div>
        <div class="promo-form__wide">
          <KeyPicker
            legend={t('admin.promotions.rooms')}
            options={taxonomy.rooms.map((room) => ({ key: room.key, title: pickText(room.title, locale) || room.key }))}
            include="roomInc"
            exclude="roomExc"
            draft={editing.draft}
            onToggle={toggle}
            testId="room-picker"
          />
          {problem('roomExc') ? <p class="admin-error">{problem('roomExc')}</p> : null}
        </div>
        <div class="promo-form__wide">
          <KeyPicker
            legend={t('admin.promotions.categories')}
            options={categories.map((c) => ({ key: c.key, title: `${c.depth ? '· ' : ''}${pickText(c.node.title, locale) || c.key}` }))}
            include="catInc"
            exclude="catExc"
            draft={editing.draft}
            onToggle={toggle}
            testId="category-picker"
            scroll
          />
          {problem('catExc') ? <p class="admin-error">{problem('catExc')}</p> : null}
        </div>
        <div class="promo-form__wide">
          <ProductPicker draft={editing.draft} onToggle={toggle} />
          {problem('prodExc') ? <p class="admin-error">{problem('prodExc')}</p> : null}
        </div>
        {failure ? (
          <p class="admin-alert admin-alert--error promo-form__wide" role="alert">
            {failure}
          </p>
        ) : null}
        <div class="promo-form__wide promo-form__actions">
          <button type="submit" class="button" disabled={busy}>
            {busy ? t('admin.common.saving') : t('admin.promotions.save')}
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
          {t('admin.promotions.title')}
        </h1>
        {!editing ? (
          <button type="button" class="button" onClick={() => open(null)}>
            {t('admin.promotions.new')}
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
      {!promotions && !error ? <Loading /> : null}
      {promotions && !editing ? (
        promotions.length ? (
          <ul class="promo-cards" aria-label={t('admin.promotions.title')}>
            {promotions.map((p) => {
              const state = promotionState(p, now);
              return (
                <li key={p.id} class="promo-card" data-testid="promotion-row" data-id={p.id}>
                  <div class="promo-card__top">
                    <strong class="promo-card__name">{p.name || p.id}</strong>
                    <span class={`status-chip promo-state--${state}`}>{t(`admin.promotions.state.${state}`)}</span>
                  </div>
                  <p class="promo-card__discount">
                    {discountText(p)} · {languageName(p.lang)}
                    {p.noProdDis ? ` · ${t('admin.promotions.noProdDisShort')}` : ''}
                  </p>
                  <p class="admin-muted">{covers(p)}</p>
                  <p class="admin-muted">{dates(p)}</p>
                  <div class="promo-card__actions">
                    <button type="button" class="button button--ghost button--small" onClick={() => open(p)}>
                      {t('admin.promotions.editButton')}
                    </button>
                    <button type="button" class={`button button--small ${p.display ? 'button--danger-ghost' : 'button--ghost'}`} onClick={() => void switchOnOff(p)}>
                      {p.display ? t('admin.promotions.deactivate') : t('admin.promotions.activate')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p class="admin-muted">{t('admin.promotions.none')}</p>
        )
      ) : null}
    </section>
  );
}
