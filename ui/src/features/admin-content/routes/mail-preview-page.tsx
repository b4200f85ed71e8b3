//! /admin/mail-preview: a sample order's mail (subject, HTML, plain text) and its receipt PDF in
//! any of the five languages, as shoppers get them now, with the words edited on the
//! translations page. Needs `settings.write` (GET /api/admin/mail-preview, …/receipt.pdf).
//!
//! The mail's HTML carries inline styles only; the staff area's Content-Security-Policy allows
//! no style attributes in markup, so the mail is parsed inertly and each element's style is set
//! through the CSSOM, which the policy allows. Scripts, forms and handlers never come along.
import { useEffect, useId, useRef, useState } from 'react';
import type { MailPreviewAnswer } from '../../../api/types';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { LOCALE_CODES, type LocaleCode } from '../../../lib/locale-path';
import { getMailPreview, getPreviewReceipt } from '../api/content-api';
import { ContentTabs } from '../components/content-tabs';
import type { ContentTools } from '../tools';
import '../admin-content.css';

export type MailPreviewPageProps = { tools: ContentTools };

const EVENTS = ['orderPlaced', 'orderPaid', 'orderShipped', 'orderDelivered', 'orderCancelled'] as const;
type PreviewEvent = (typeof EVENTS)[number];

const LANGUAGE_NAMES: Record<LocaleCode, string> = {
  en: 'English',
  th: 'ไทย',
  my: 'Bahasa Melayu',
  km: 'ខ្មែរ',
  id: 'Bahasa Indonesia',
};

/** Puts the mail's body into `host`: inert parsing, no active content, styles through the CSSOM. */
export function showMail(host: HTMLElement, html: string) {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  parsed.querySelectorAll('script, style, link, meta, base, iframe, object, embed, form').forEach((node) => node.remove());
  const styled: [HTMLElement, string][] = [];
  parsed.body.querySelectorAll('*').forEach((element) => {
    for (const name of element.getAttributeNames()) {
      if (name.startsWith('on')) element.removeAttribute(name);
    }
    const style = element.getAttribute('style');
    if (style !== null) {
      styled.push([element as HTMLElement, style]);
      element.removeAttribute('style');
    }
    if (element instanceof HTMLAnchorElement) {
      element.target = '_blank';
      element.rel = 'noopener noreferrer';
    }
  });
  const frame = document.createElement('div');
  frame.className = 'mail-preview__body';
  frame.style.cssText = parsed.body.getAttribute('style') ?? '';
  frame.lang = parsed.documentElement.lang;
  for (const node of Array.from(parsed.body.childNodes)) frame.append(document.adoptNode(node));
  for (const [element, style] of styled) element.style.cssText = style;
  host.replaceChildren(frame);
}

export function MailPreviewPage({ tools }: MailPreviewPageProps) {
  const { t, locale } = useI18n();
  useDocumentTitle(t('admin.content.preview.title'));
  const id = useId();
  const [lang, setLang] = useState<LocaleCode>(locale);
  const [event, setEvent] = useState<PreviewEvent>('orderPaid');
  const [mail, setMail] = useState<MailPreviewAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    getMailPreview(lang, event, { signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setMail(answer),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [lang, event]);

  useEffect(() => {
    if (mail && host.current) showMail(host.current, mail.html);
  }, [mail]);

  const openReceipt = async () => {
    setPdfBusy(true);
    try {
      const blob = await getPreviewReceipt(lang);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `receipt-sample-${lang}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (failure) {
      setError(failure);
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.content.preview.title')}
        </h1>
      </header>
      <ContentTabs />
      <p class="admin-muted">{t('admin.content.preview.intro')}</p>
      <div class="mail-preview__controls">
        <label>
          <span>{t('admin.content.preview.language')}</span>
          <select value={lang} onChange={(e) => setLang((e.currentTarget as HTMLSelectElement).value as LocaleCode)} data-testid="preview-lang">
            {LOCALE_CODES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('admin.content.preview.event')}</span>
          <select value={event} onChange={(e) => setEvent((e.currentTarget as HTMLSelectElement).value as PreviewEvent)} data-testid="preview-event">
            {EVENTS.map((name) => (
              <option key={name} value={name}>
                {t(`admin.content.preview.events.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="btn btn--secondary" onClick={() => void openReceipt()} disabled={pdfBusy} data-testid="preview-receipt">
          {t('admin.content.preview.receipt')}
        </button>
      </div>
      {error ? (
        <p class="admin-alert admin-alert--error" role="alert">
          {t('admin.content.preview.failed')} {tools.errorText(error)}
        </p>
      ) : null}
      {!mail && !error ? <Loading /> : null}
      {mail ? (
        <>
          <p class="mail-preview__subject" data-testid="preview-subject">
            <strong>{t('admin.content.preview.subject')}:</strong> <span lang={mail.lang}>{mail.subject}</span>
          </p>
          <div class="mail-preview" ref={host} data-testid="preview-mail" />
          <details class="mail-preview__text">
            <summary>{t('admin.content.preview.text')}</summary>
            <pre lang={mail.lang} data-testid="preview-text">
              {mail.text}
            </pre>
          </details>
        </>
      ) : null}
    </section>
  );
}
