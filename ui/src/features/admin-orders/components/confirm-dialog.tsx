//! A modal question before an action that cannot be taken back (cancelling orders): the browser's
//! own <dialog>, so focus stays inside, Escape says no and the page behind is inert.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'react';

type ConfirmProps = {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, danger, busy, onConfirm, onCancel }: ConfirmProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class="admin-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`} class="admin-dialog__title">
        {title}
      </h2>
      <div id={`${id}-text`} class="admin-dialog__text">
        {children}
      </div>
      <div class="admin-dialog__actions">
        <button type="button" class="button button--ghost" onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" class={`button${danger ? ' button--danger' : ''}`} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
