//! /user/password: change the password of a local account (current + new + repeat). The server
//! ends every other sign-in and answers a fresh token for this device, which replaces the old one.
import { useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../components/empty-state';
import { ErrorStatus } from '../../../components/error-status';
import { FormField } from '../../../components/form-field';
import { showToast } from '../../../components/toast-store';
import { useStore } from '../../../lib/create-store';
import { useI18n } from '../../../i18n/i18n-store';
import { PASSWORD_MAX_LENGTH, validatePasswordChange, type PasswordFields } from '../account-rules';
import { changePassword } from '../api/change-password';
import { AuthPanel } from '../components/auth-panel';
import { FormAlert } from '../components/form-alert';
import { PasswordRule } from '../components/password-rule';
import { useAccountForm } from '../components/use-account-form';
import { forgetSession, isLocalUser, replaceToken, userinfo } from '../user-store';

export function PasswordPage() {
  const { t } = useI18n();
  const state = useStore(userinfo);
  const [done, setDone] = useState(false);
  const form = useAccountForm<keyof PasswordFields>({
    form: 'password',
    initial: { oldPassword: '', newPassword: '', repeatPassword: '' },
    validate: validatePasswordChange,
  });
  // The access guard only shows this page to a signed-in user; without one it is a 403.
  if (state.status !== 'signedIn' || !state.user) return <ErrorStatus status={403} />;

  if (!isLocalUser(state.user)) {
    return (
      <AuthPanel title={t('user.passwordTitle')} icon="key">
        <EmptyState icon="shield" title={t('user.errNoPassword')}>
          <Link href="/" class="button">
            {t('common.backHome')}
          </Link>
        </EmptyState>
      </AuthPanel>
    );
  }

  const onSubmit = (event: Event) => {
    setDone(false);
    return form.submit(event, async (values) => {
      try {
        replaceToken(await changePassword(values.oldPassword, values.newPassword));
      } catch (error) {
        // This device's own token was ended elsewhere: sign in again (the guard remembers this page).
        if (error instanceof ApiError && error.code === 'unauthorized') forgetSession();
        throw error;
      }
      form.reset();
      setDone(true);
      showToast(t('user.passwordChanged'), 'success');
    });
  };

  const error = (field: keyof PasswordFields) => {
    const message = form.errorOf(field);
    return message ? t(message.key, message.params) : null;
  };

  return (
    <AuthPanel title={t('user.passwordTitle')} lead={t('user.passwordLead')} icon="key">
      <form class="auth-form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
        <FormAlert message={done ? { key: 'user.passwordChanged' } : form.formError} kind={done ? 'success' : 'error'} />
        <input type="text" name="username" autoComplete="username" value={state.user.username} readOnly hidden />
        <FormField
          id="password-old"
          name="oldPassword"
          type="password"
          label={t('user.oldPassword')}
          value={form.values.oldPassword}
          onValue={(value) => form.setValue('oldPassword', value)}
          autoComplete="current-password"
          required
          error={error('oldPassword')}
        />
        <FormField
          id="password-new"
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
          id="password-repeat"
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
          {form.sending ? t('user.sending') : t('header.changePassword')}
        </button>
        <p class="auth-form__note">{t('user.otherDevicesNote')}</p>
      </form>
    </AuthPanel>
  );
}
