//! Add a staff account: username, name, a first password (the new member changes it after signing
//! in) and a role. The same use case as `kiosk user add`.
import { useId, useState } from 'react';
import type { Customer } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { addStaff } from '../api/staff-api';
import { checkNewStaff, type NewStaff } from '../staff-rules';
import type { StaffTools } from '../tools';

type AddProps = { roles: string[]; tools: StaffTools; onAdded: (member: Customer) => void };

export function AddStaffForm({ roles, tools, onAdded }: AddProps) {
  const { t } = useI18n();
  const id = useId();
  const empty: NewStaff = { username: '', name: '', password: '', role: roles.find((role) => role !== 'admin') ?? roles[0] ?? '' };
  const [form, setForm] = useState<NewStaff>(empty);
  const [touched, setTouched] = useState(false);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = checkNewStaff(form);
  const problem = (field: keyof NewStaff) => (touched && errors[field] ? t(errors[field]!) : null);
  const input = (field: keyof NewStaff) => ({
    id: `${id}-${field}`,
    value: form[field],
    'aria-invalid': problem(field) ? true : undefined,
    'aria-describedby': problem(field) ? `${id}-${field}-error` : undefined,
    onInput: (event: Event) => setForm({ ...form, [field]: (event.currentTarget as HTMLInputElement).value }),
  });
  const message = (field: keyof NewStaff) =>
    problem(field) ? (
      <p id={`${id}-${field}-error`} class="admin-error">
        {problem(field)}
      </p>
    ) : null;

  const submit = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setError(null);
    try {
      onAdded(await addStaff(form));
      setForm(empty);
      setTouched(false);
      setShown(false);
    } catch (failure) {
      setError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="admin-card" aria-labelledby={`${id}-title`} data-testid="add-staff">
      <h2 id={`${id}-title`} class="admin-card__title">
        {t('admin.staff.add')}
      </h2>
      <form class="staff-form" onSubmit={(event) => void submit(event)} noValidate>
        <div class="admin-field">
          <label for={`${id}-username`}>{t('admin.staff.username')}</label>
          <input {...input('username')} type="text" autoComplete="off" autoCapitalize="none" spellcheck={false} maxLength={64} />
          {message('username')}
        </div>
        <div class="admin-field">
          <label for={`${id}-name`}>
            {t('admin.staff.name')} <span class="admin-optional">({t('admin.common.optional')})</span>
          </label>
          <input {...input('name')} type="text" autoComplete="off" maxLength={100} />
          {message('name')}
        </div>
        <div class="admin-field">
          <label for={`${id}-password`}>{t('admin.staff.password')}</label>
          <div class="staff-form__password">
            <input {...input('password')} type={(shown ? 'text' : 'password') as 'text'} autoComplete="new-password" maxLength={256} />
            <button type="button" class="button button--ghost button--small" aria-controls={`${id}-password`} aria-pressed={shown} onClick={() => setShown(!shown)}>
              {shown ? t('user.hidePassword') : t('user.showPassword')}
            </button>
          </div>
          <p class="admin-muted">{t('admin.staff.passwordHint')}</p>
          {message('password')}
        </div>
        <div class="admin-field">
          <label for={`${id}-role`}>{t('admin.staff.role')}</label>
          <select
            id={`${id}-role`}
            value={form.role}
            aria-invalid={problem('role') ? true : undefined}
            onChange={(event) => setForm({ ...form, role: (event.currentTarget as HTMLSelectElement).value })}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {tools.label('role', role)}
              </option>
            ))}
          </select>
          {message('role')}
        </div>
        <div class="staff-form__submit">
          <button type="submit" class="button" disabled={busy}>
            {busy ? t('admin.common.saving') : t('admin.staff.addButton')}
          </button>
        </div>
        {error ? (
          <p class="admin-alert admin-alert--error staff-form__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
