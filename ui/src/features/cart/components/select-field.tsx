//! A labelled select in the look of the form fields, its error tied to it by aria-describedby.
import { Icon } from '../../../components/icon';
import '../../../components/form-field.css';

type Option = { value: string; label: string };

type SelectProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  options: Option[];
  onValue: (value: string) => void;
  autoComplete?: string;
  error?: string | null;
  required?: boolean;
};

export function SelectField({ id, name, label, value, placeholder, options, onValue, autoComplete, error, required }: SelectProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div class={`field${error ? ' field--invalid' : ''}`}>
      <label class="field__label" for={id}>
        {label}
      </label>
      <div class="field__control">
        <select
          id={id}
          name={name}
          class="field__input field__select"
          value={value}
          onChange={(event) => onValue((event.currentTarget as HTMLSelectElement).value)}
          autoComplete={autoComplete}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={errorId} class="field__error">
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
