//! One labelled form field with its problem under it (local check or the server's words).
import type { ComponentChildren } from 'preact';

type FieldProps = { id: string; label: string; problem?: string | null; hint?: string; children: ComponentChildren };

export function Field({ id, label, problem, hint, children }: FieldProps) {
  return (
    <div class="admin-field">
      <label for={id}>{label}</label>
      {children}
      {hint ? <p class="admin-muted">{hint}</p> : null}
      {problem ? (
        <p id={`${id}-error`} class="admin-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
