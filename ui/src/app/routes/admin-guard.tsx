//! Guards /admin and /admin/*: visitors not signed in, or whose role does not begin with
//! "admin", go to the home page of the current language. The admin code is a lazy chunk that
//! only admins download.
import { Suspense, useEffect, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { ensureStaffMessages } from '../../i18n/i18n-store';
import { Redirect } from 'wouter';
import { Loading } from '../../components/loading';
import { effectiveRole, isAdminRole, userinfo } from '../../features/user/user-store';
import { useStore } from '../../lib/create-store';
import { lazyWithReload } from '../lazy-with-reload';

const AdminArea = lazyWithReload(() => import('./admin-area'));

/** The staff area's messages: 'ready' once loaded (see `ensureStaffMessages`). */
function useStaffMessages(wanted: boolean): { status: 'loading' | 'ready' | 'failed'; retry: () => void } {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setStatus('loading');
    ensureStaffMessages().then(
      () => live && setStatus('ready'),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt]);
  return { status, retry: () => setAttempt((n) => n + 1) };
}

export function AdminGuard() {
  const state = useStore(userinfo);
  const allowed = state.status === 'signedIn' && !!state.user && isAdminRole(effectiveRole(state));
  const messages = useStaffMessages(allowed);
  if (state.status === 'unknown' || state.status === 'loading') return <Loading />;
  if (!allowed || !state.user) {
    return <Redirect to="/" replace />;
  }
  if (messages.status === 'failed') return <LoadError onRetry={messages.retry} />;
  if (messages.status === 'loading') return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <AdminArea role={effectiveRole(state)} userId={Number(state.user.id)} userName={state.user.name || state.user.username} />
    </Suspense>
  );
}
