//! Internal notes on an order (staff only, never shown to the shopper): who wrote what when,
//! newest first, and a box to add one for staff who may change orders.
import { useId, useState } from 'react';
import type { Order } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { addNote } from '../api/add-note';
import { checkNote, LIMITS } from '../order-moves';
import type { OrderDeskTools } from '../tools';

type NotesProps = { order: Order; tools: OrderDeskTools; onChanged: (order: Order) => void };

export function OrderNotes({ order, tools, onChanged }: NotesProps) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notes = [...(order.notes ?? [])].reverse();
  const problem = touched ? checkNote(text) : null;

  const submit = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    if (checkNote(text)) return;
    setBusy(true);
    setError(null);
    try {
      onChanged(await addNote(order.id, text.trim()));
      setText('');
      setTouched(false);
    } catch (failure) {
      setError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="admin-card" aria-labelledby={`${id}-title`} data-testid="order-notes">
      <h2 id={`${id}-title`} class="admin-card__title">
        {t('admin.orders.notes')}
      </h2>
      {tools.can('orders.write') ? (
        <form class="note-form" onSubmit={(event) => void submit(event)} noValidate>
          <label for={`${id}-text`} class="visually-hidden">
            {t('admin.orders.addNote')}
          </label>
          <textarea
            id={`${id}-text`}
            rows={2}
            value={text}
            maxLength={LIMITS.note}
            placeholder={t('admin.orders.notePlaceholder')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
          />
          {problem ? (
            <p id={`${id}-error`} class="admin-error">
              {t(problem)}
            </p>
          ) : null}
          <button type="submit" class="button button--ghost" disabled={busy}>
            {busy ? t('admin.common.saving') : t('admin.orders.addNote')}
          </button>
          {error ? (
            <p class="admin-alert admin-alert--error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
      {notes.length ? (
        <ol class="note-list">
          {notes.map((note, i) => (
            <li key={`${note.at}-${i}`} class="note-list__item">
              <p class="note-list__meta">
                <strong>{note.author}</strong> · <time dateTime={new Date(note.at).toISOString()}>{tools.time(note.at)}</time>
              </p>
              <p class="note-list__text">{note.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p class="admin-muted">{t('admin.orders.noNotes')}</p>
      )}
    </section>
  );
}
