//! /admin/settings: the info-bar text in five languages, contact and social links (checked as the
//! server checks them: https links, phone numbers, e-mail, LINE ids), the room and category menus,
//! and the shipping terms. The shop shows them at once. Needs `settings.write`.
import { useEffect, useId, useState } from 'react';
import type { SiteSettings } from '../../../api/types';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { useDocumentTitle } from '../../../lib/document-title';
import { LOCALE_CODES } from '../../../lib/locale-path';
import { getSettings, putSettings } from '../api/content-api';
import { ContentTabs } from '../components/content-tabs';
import { bahtToSatang, checkSettings, satangToBaht, type SettingsField } from '../content-rules';
import type { ContentTools } from '../tools';
import '../admin-content.css';

export type SettingsPageProps = { tools: ContentTools };

type ContactKind = keyof SiteSettings['contact'];
const CONTACTS: { kind: ContactKind; type: 'tel' | 'email' | 'text' | 'url'; hint?: MessageKey }[] = [
  { kind: 'tel', type: 'tel' },
  { kind: 'email', type: 'email' },
  { kind: 'line', type: 'text', hint: 'admin.content.settings.lineHint' },
  { kind: 'facebook', type: 'url' },
  { kind: 'instagram', type: 'url' },
  { kind: 'youtube', type: 'url' },
  { kind: 'twitter', type: 'url' },
  { kind: 'viber', type: 'url' },
];

export function SettingsPage({ tools }: SettingsPageProps) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.content.settings.title'));
  const id = useId();
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  const [amounts, setAmounts] = useState({ flatRate: '', freeOver: '' });
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const adopt = (loaded: SiteSettings) => {
    setSettings(loaded);
    setAmounts({ flatRate: satangToBaht(loaded.shipping.flatRate), freeOver: satangToBaht(loaded.shipping.freeOver) });
  };
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    getSettings({ signal: controller.signal }).then(
      (loaded) => !controller.signal.aborted && adopt(loaded),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [attempt]);

  if (error) {
    return (
      <section class="page admin-page">
        <ContentTabs />
        <LoadError message={tools.errorText(error)} onRetry={() => setAttempt((n) => n + 1)} />
      </section>
    );
  }
  if (!settings) return <Loading />;

  const errors: Partial<Record<SettingsField, MessageKey>> = { ...checkSettings(settings) };
  const flatRate = bahtToSatang(amounts.flatRate);
  const freeOver = bahtToSatang(amounts.freeOver);
  if (flatRate === null) errors['shipping.flatRate'] = 'admin.content.settings.errAmount';
  if (freeOver === null) errors['shipping.freeOver'] = 'admin.content.settings.errAmount';
  const problem = (field: SettingsField) => (touched && errors[field] ? t(errors[field]!) : null);
  const fieldProps = (field: SettingsField) => ({
    id: `${id}-${field.replace('.', '-')}`,
    'aria-invalid': problem(field) ? true : undefined,
    'aria-describedby': problem(field) ? `${id}-${field.replace('.', '-')}-error` : undefined,
  });
  const message = (field: SettingsField) =>
    problem(field) ? (
      <p id={`${id}-${field.replace('.', '-')}-error`} class="admin-error">
        {problem(field)}
      </p>
    ) : null;
  const change = (next: SiteSettings) => {
    setNotice(null);
    setSettings(next);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length || flatRate === null || freeOver === null) return;
    setBusy(true);
    setSaveError(null);
    try {
      adopt(await putSettings({ ...settings, shipping: { flatRate, freeOver } }));
      setNotice(t('admin.content.settings.saved'));
      setTouched(false);
    } catch (failure) {
      setSaveError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.content.settings.title')}
        </h1>
      </header>
      <ContentTabs />
      <form class="settings-form" onSubmit={(event) => void save(event)} noValidate>
        <section class="admin-card" role="group" aria-labelledby={`${id}-infoBar`}>
          <h2 id={`${id}-infoBar`} class="admin-card__title">
            {t('admin.content.settings.infoBar')}
          </h2>
          <p class="admin-muted">{t('admin.content.settings.infoBarHint')}</p>
          {LOCALE_CODES.map((code) => (
            <div key={code} class="admin-field">
              <label for={fieldProps(`infoBar.${code}`).id}>{code.toUpperCase()}</label>
              <input
                {...fieldProps(`infoBar.${code}`)}
                lang={code}
                maxLength={300}
                value={settings.infoBar[code]}
                data-testid={`info-bar-${code}`}
                onInput={(event) => change({ ...settings, infoBar: { ...settings.infoBar, [code]: event.currentTarget.value } })}
              />
              {message(`infoBar.${code}`)}
            </div>
          ))}
        </section>
        <section class="admin-card" role="group" aria-labelledby={`${id}-contact`}>
          <h2 id={`${id}-contact`} class="admin-card__title">
            {t('admin.content.settings.contact')}
          </h2>
          <p class="admin-muted">{t('admin.content.settings.contactHint')}</p>
          <div class="settings-grid">
            {CONTACTS.map(({ kind, type, hint }) => (
              <div key={kind} class="admin-field">
                <label for={fieldProps(`contact.${kind}`).id}>{t(`admin.content.settings.${kind}`)}</label>
                <input
                  {...fieldProps(`contact.${kind}`)}
                  type={type as 'text'}
                  inputMode={type === 'text' ? undefined : type}
                  autoCapitalize="none"
                  spellcheck={false}
                  maxLength={300}
                  value={settings.contact[kind]}
                  placeholder={type === 'url' ? 'https://' : undefined}
                  onInput={(event) => change({ ...settings, contact: { ...settings.contact, [kind]: event.currentTarget.value } })}
                />
                {hint ? <p class="admin-muted">{t(hint)}</p> : null}
                {message(`contact.${kind}`)}
              </div>
            ))}
          </div>
        </section>
        <section class="admin-card" role="group" aria-labelledby={`${id}-menus`}>
          <h2 id={`${id}-menus`} class="admin-card__title">
            {t('admin.content.settings.menus')}
          </h2>
          <label class="settings-check">
            <input
              type="checkbox"
              class="admin-check"
              checked={settings.features.roomMenu}
              onChange={(event) => change({ ...settings, features: { ...settings.features, roomMenu: event.currentTarget.checked } })}
            />
            {t('admin.content.settings.roomMenu')}
          </label>
          <label class="settings-check">
            <input
              type="checkbox"
              class="admin-check"
              checked={settings.features.categoryMenu}
              onChange={(event) => change({ ...settings, features: { ...settings.features, categoryMenu: event.currentTarget.checked } })}
            />
            {t('admin.content.settings.categoryMenu')}
          </label>
        </section>
        <section class="admin-card" role="group" aria-labelledby={`${id}-shipping`}>
          <h2 id={`${id}-shipping`} class="admin-card__title">
            {t('admin.content.settings.shipping')}
          </h2>
          <div class="settings-grid">
            <div class="admin-field">
              <label for={fieldProps('shipping.flatRate').id}>{t('admin.content.settings.flatRate')}</label>
              <input {...fieldProps('shipping.flatRate')} inputMode="decimal" value={amounts.flatRate} onInput={(event) => setAmounts({ ...amounts, flatRate: event.currentTarget.value })} />
              {message('shipping.flatRate')}
            </div>
            <div class="admin-field">
              <label for={fieldProps('shipping.freeOver').id}>{t('admin.content.settings.freeOver')}</label>
              <input {...fieldProps('shipping.freeOver')} inputMode="decimal" value={amounts.freeOver} onInput={(event) => setAmounts({ ...amounts, freeOver: event.currentTarget.value })} />
              <p class="admin-muted">{t('admin.content.settings.freeOverHint')}</p>
              {message('shipping.freeOver')}
            </div>
          </div>
        </section>
        <div class="settings-actions">
          <button type="submit" class="button" disabled={busy} data-testid="save-settings">
            {busy ? t('admin.common.saving') : t('admin.content.settings.save')}
          </button>
        </div>
        <p class="admin-alert admin-alert--ok" role="status" hidden={!notice}>
          {notice}
        </p>
        {saveError ? (
          <p class="admin-alert admin-alert--error" role="alert">
            {saveError}
          </p>
        ) : null}
      </form>
    </section>
  );
}
