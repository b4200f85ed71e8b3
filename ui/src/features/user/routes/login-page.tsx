//! /user/login: local sign-in (username or email + password) and the configured social providers.
//! Afterwards the visitor returns to the remembered page when it is a safe relative path, else home.
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { FormField } from '../../../components/form-field';
import { showToast } from '../../../components/toast-store';
import { useStore } from '../../../lib/create-store';
import { useI18n } from '../../../i18n/i18n-store';
import { validateLogin } from '../account-rules';
import { login } from '../api/login';
import { socialErrorKey } from '../auth-errors';
import { AuthPanel } from '../components/auth-panel';
import { FormAlert } from '../components/form-alert';
import { ResetPasswordForm } from '../components/reset-password-form';
import { SocialSignIn } from '../components/social-sign-in';
import { useAccountForm } from '../components/use-account-form';
import { afterSignInPath, applyUser, socialError, startSession, takeRedirect } from '../user-store';

export function LoginPage() {
  // A reset link (`?reset=…`) asks for a new password first; then the usual sign-in.
  const token = new URLSearchParams(useSearch()).get('reset');
  const [resetting, setResetting] = useState(Boolean(token));
  if (token && resetting) return <ResetPasswordForm token={token} onDone={() => setResetting(false)} />;
  return <SignInForm />;
}

function SignInForm() {
  const { t, locale } = useI18n();
  const [, navigate] = useLocation();
  const social = useStore(socialError);
  const form = useAccountForm({ form: 'login', initial: { username: '', password: '' }, validate: validateLogin });
  const { setFormError } = form;

  // A failed social sign-in brought the visitor here: say why, once.
  useEffect(() => {
    if (!social) return;
    setFormError({ key: socialErrorKey(social) });
    socialError.set(null);
  }, [social, setFormError]);

  const onSubmit = (event: Event) =>
    form.submit(event, async (values) => {
      const token = await login(values.username.trim(), values.password);
      const user = await startSession(token);
      navigate(`~${afterSignInPath(takeRedirect(), locale)}`, { replace: true });
      applyUser(user);
      showToast(t('user.welcome', { name: user.name || user.username }), 'success');
    });

  const error = (field: 'username' | 'password') => {
    const message = form.errorOf(field);
    return message ? t(message.key, message.params) : null;
  };

  return (
    <AuthPanel
      title={t('user.loginTitle')}
      lead={t('user.loginLead')}
      icon="login"
      footer={
        <>
          {t('user.noAccount')} <Link href="/user/register">{t('user.createAccount')}</Link>
        </>
      }
    >
      <form class="auth-form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
        <FormAlert message={form.formError} />
        <FormField
          id="login-username"
          name="username"
          label={t('user.usernameOrEmail')}
          value={form.values.username}
          onValue={(value) => form.setValue('username', value)}
          autoComplete="username"
          required
          maxLength={254}
          error={error('username')}
        />
        <FormField
          id="login-password"
          name="password"
          type="password"
          label={t('user.password')}
          value={form.values.password}
          onValue={(value) => form.setValue('password', value)}
          autoComplete="current-password"
          required
          error={error('password')}
        />
        <button type="submit" class="button auth-form__submit" disabled={form.sending || form.blocked}>
          {form.sending ? t('user.sending') : t('user.loginButton')}
        </button>
      </form>
      <SocialSignIn />
    </AuthPanel>
  );
}
