//! The order's receipt, tax invoice and credit note as PDF downloads (the shopper's order page and
//! the staff order page share it). Shown only when the order has them; `class`/`titleClass` let
//! each page frame it as its own cards.
import { useState } from 'react';
import { downloadFile } from '../api/download';
import { useI18n } from '../i18n/i18n-store';
import type { MessageKey } from '../i18n/types';
import { orderDocuments, type DocumentsOf, type OrderDocument } from '../lib/order-documents';
import { Icon } from './icon';
import './order-documents.css';

const LABEL: Record<OrderDocument['kind'], MessageKey> = {
  receipt: 'orders.documents.receipt',
  taxInvoice: 'orders.documents.taxInvoice',
  creditNote: 'orders.documents.creditNote',
};

type Props = { order: DocumentsOf; class?: string; titleClass?: string };

export function OrderDocuments({ order, class: className = 'order-section', titleClass = 'order-section__title' }: Props) {
  const { t } = useI18n();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const documents = orderDocuments(order);
  if (!documents.length) return null;

  const download = async (document: OrderDocument) => {
    setBusy(document.kind);
    setFailed(false);
    try {
      await downloadFile(document.path, document.fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section class={className} aria-labelledby="order-documents-title" data-testid="order-documents">
      <h2 id="order-documents-title" class={titleClass}>
        {t('orders.documents.title')}
      </h2>
      <ul class="order-documents">
        {documents.map((document) => (
          <li key={document.kind}>
            <button type="button" class="button button--ghost order-documents__button" disabled={busy !== null} onClick={() => void download(document)}>
              <Icon name="book" size={18} />
              <span>{t(LABEL[document.kind], { number: document.number })}</span>
            </button>
          </li>
        ))}
      </ul>
      {failed ? (
        <p class="order-documents__error" role="alert">
          {t('orders.documents.failed')}
        </p>
      ) : null}
    </section>
  );
}
