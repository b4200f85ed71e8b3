//! A labelled form input with its hint and error tied to it by aria-describedby; password inputs
//! get a Show/Hide button. The error is shown next to the field and read with it.
import type { ComponentChildren } from 'preact';
import { useState } from 'react';
import { t } from '../i18n/i18n-store';
import { Icon } from './icon';
import './form-field.css';

type FieldProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  error?: string | null;
  hint?: ComponentChildren;
  required?: boolean;
  optional?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
};

export function FormField(props: FieldProps) {
  const { id, error, hint, type = 'text' } = props;
  const [shown, setShown] = useState(false);
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const password = type === 'password';
  return (
    <div class={`field${error ? ' field--invalid' : ''}`}>
      <label class="field__label" for={id}>
        {props.label}
        {props.optional ? <span class="field__optional"> ({t('user.optional')})</span> : null}
      </label>
      <div class="field__control">
        <input
          id={id}
          name={props.name}
          class={password ? 'field__input field__input--with-toggle' : 'field__input'}
          // Preact types each input type separately; a text input that may be a password is still one element.
          type={(password && shown ? 'text' : type) as 'text'}
          inputMode={props.inputMode}
          value={props.value}
          onInput={(event) => props.onValue((event.currentTarget as HTMLInputElement).value)}
          autoComplete={props.autoComplete}
          autoCapitalize={password || type !== 'text' || props.autoComplete === 'username' ? 'none' : undefined}
          spellcheck={false}
          required={props.required}
          maxLength={props.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoFocus={props.autoFocus}
        />
        {password ? (
          <button
            type="button"
            class="field__toggle"
            aria-controls={id}
            aria-label={shown ? t('user.hidePassword') : t('user.showPassword')}
            title={shown ? t('user.hidePassword') : t('user.showPassword')}
            onClick={() => setShown(!shown)}
          >
            <Icon name={shown ? 'eye-off' : 'eye'} size={20} />
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId!} class="field__error">
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <div id={hintId!} class="field__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
