//! /user/register: name, username or email, password (rule shown and ticked as it is met) and an
//! optional phone. A new account is signed in at once and returns to the remembered page.
import { Link, useLocation } from 'wouter';
import { FormField } from '../../../components/form-field';
import { showToast } from '../../../components/toast-store';
import { useI18n } from '../../../i18n/i18n-store';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, registrationBody, validateRegistration, type RegisterFields } from '../account-rules';
import { register } from '../api/register';
import { AuthPanel } from '../components/auth-panel';
import { FormAlert } from '../components/form-alert';
import { PasswordRule } from '../components/password-rule';
import { SocialSignIn } from '../components/social-sign-in';
import { useAccountForm } from '../components/use-account-form';
import { afterSignInPath, applyUser, startSession, takeRedirect } from '../user-store';

export function RegisterPage() {
  const { t, locale } = useI18n();
  const [, navigate] = useLocation();
  const form = useAccountForm<keyof RegisterFields>({
    form: 'register',
    initial: { name: '', username: '', password: '', phone: '' },
    validate: validateRegistration,
  });

  const onSubmit = (event: Event) =>
    form.submit(event, async (values) => {
      const token = await register(registrationBody(values));
      const user = await startSession(token);
      navigate(`~${afterSignInPath(takeRedirect(), locale)}`, { replace: true });
      applyUser(user);
      showToast(t('user.welcome', { name: user.name || user.username }), 'success');
    });

  const error = (field: keyof RegisterFields) => {
    const message = form.errorOf(field);
    return message ? t(message.key, message.params) : null;
  };

  return (
    <AuthPanel
      title={t('user.registerTitle')}
      lead={t('user.registerLead')}
      icon="user"
      footer={
        <>
          {t('user.haveAccount')} <Link href="/user/login">{t('user.loginButton')}</Link>
        </>
      }
    >
      <form class="auth-form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
        <FormAlert message={form.formError} />
        <FormField
          id="register-name"
          name="name"
          label={t('user.name')}
          value={form.values.name}
          onValue={(value) => form.setValue('name', value)}
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          error={error('name')}
        />
        <FormField
          id="register-username"
          name="username"
          label={t('user.usernameOrEmail')}
          value={form.values.username}
          onValue={(value) => form.setValue('username', value)}
          autoComplete="username"
          required
          maxLength={64}
          hint={t('user.usernameHint')}
          error={error('username')}
        />
        <FormField
          id="register-password"
          name="password"
          type="password"
          label={t('user.password')}
          value={form.values.password}
          onValue={(value) => form.setValue('password', value)}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          hint={<PasswordRule password={form.values.password} />}
          error={error('password')}
        />
        <FormField
          id="register-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          label={t('user.phone')}
          optional
          value={form.values.phone}
          onValue={(value) => form.setValue('phone', value)}
          autoComplete="tel"
          maxLength={20}
          hint={t('user.phoneHint')}
          error={error('phone')}
        />
        <button type="submit" class="button auth-form__submit" disabled={form.sending}>
          {form.sending ? t('user.sending') : t('user.createAccount')}
        </button>
      </form>
      <SocialSignIn />
    </AuthPanel>
  );
}
