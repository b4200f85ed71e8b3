//! The sign-in page opened from a password reset link (`/user/login?reset=…`): a new password,
//! typed twice. Afterwards the visitor signs in with it on the same page.
import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { useI18n } from '../../../i18n/i18n-store';
import { PASSWORD_MAX_LENGTH, validateReset, type ResetFields } from '../account-rules';
import { resetPassword } from '../api/reset-password';
import { AuthPanel } from './auth-panel';
import { FormAlert } from './form-alert';
import { PasswordRule } from './password-rule';
import { useAccountForm } from './use-account-form';

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  const form = useAccountForm<keyof ResetFields>({
    form: 'reset',
    initial: { newPassword: '', repeatPassword: '' },
    validate: validateReset,
  });

  const onSubmit = (event: Event) =>
    form.submit(event, async (values) => {
      await resetPassword(token, values.newPassword);
      form.reset();
      setDone(true);
    });

  const error = (field: keyof ResetFields) => {
    const message = form.errorOf(field);
    return message ? t(message.key, message.params) : null;
  };

  if (done) {
    return (
      <AuthPanel title={t('user.resetTitle')} icon="key">
        <FormAlert message={{ key: 'user.resetDone' }} kind="success" />
        <button type="button" class="button auth-form__submit" onClick={onDone}>
          {t('user.loginButton')}
        </button>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title={t('user.resetTitle')} lead={t('user.resetLead')} icon="key">
      <form class="auth-form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
        <FormAlert message={form.formError} />
        <FormField
          id="reset-new"
          name="newPassword"
          type="password"
          label={t('user.newPassword')}
          value={form.values.newPassword}
          onValue={(value) => form.setValue('newPassword', value)}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          hint={<PasswordRule password={form.values.newPassword} />}
          error={error('newPassword')}
        />
        <FormField
          id="reset-repeat"
          name="repeatPassword"
          type="password"
          label={t('user.repeatPassword')}
          value={form.values.repeatPassword}
          onValue={(value) => form.setValue('repeatPassword', value)}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          error={error('repeatPassword')}
        />
        <button type="submit" class="button auth-form__submit" disabled={form.sending}>
          {form.sending ? t('user.sending') : t('user.resetButton')}
        </button>
      </form>
    </AuthPanel>
  );
}
