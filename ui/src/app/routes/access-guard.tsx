//! Wraps every page with the sign-in rules of docs/STOREFRONT.md §4: pages for signed-in users send
//! anonymous visitors to the login page (remembering the wanted page, to come back after signing
//! in); the login and register pages send signed-in users home. While the user is still loading, a
//! loading note is shown instead of a page that may have to go away.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { ErrorStatus } from '../../components/error-status';
import { Loading } from '../../components/loading';
import { accessDecision, accessOf } from '../../features/user/access-rules';
import { rememberRedirect, userinfo } from '../../features/user/user-store';
import { useStore } from '../../lib/create-store';

function ToLogin() {
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    rememberRedirect(window.location.pathname + window.location.search + window.location.hash);
    navigate('/user/login', { replace: true });
  }, [navigate]);
  return null;
}

export function AccessGuard({ children }: { children: ComponentChildren }) {
  const [location] = useLocation();
  const status = useStore(userinfo, (state) => state.status);
  switch (accessDecision(accessOf(location), status)) {
    case 'wait':
      return <Loading />;
    case 'login':
      return <ToLogin />;
    case 'home':
      return <Redirect to="/" replace />;
    case 'notConnected':
      return <ErrorStatus status={403} />;
    default:
      return <>{children}</>;
  }
}
