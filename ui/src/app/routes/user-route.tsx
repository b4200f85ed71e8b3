//! /user/{type}: login, register and password (/user/order is the orders route). Each page is a
//! lazy chunk, so the forms and their rules are only downloaded by visitors who open them. /user
//! alone is the login page.
import { Suspense } from 'react';
import { ErrorStatus } from '../../components/error-status';
import { Loading } from '../../components/loading';
import { lazyWithReload } from '../lazy-with-reload';

const PAGES = {
  login: lazyWithReload<object>(() => import('../../features/user/routes/login-page').then((m) => ({ default: m.LoginPage }))),
  register: lazyWithReload<object>(() => import('../../features/user/routes/register-page').then((m) => ({ default: m.RegisterPage }))),
  password: lazyWithReload<object>(() => import('../../features/user/routes/password-page').then((m) => ({ default: m.PasswordPage }))),
};

export function UserRoute({ type }: { type?: string }) {
  const name = (type ?? 'login').toLowerCase();
  const Page = Object.prototype.hasOwnProperty.call(PAGES, name) ? PAGES[name as keyof typeof PAGES] : null;
  if (!Page) return <ErrorStatus status={404} />;
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}
