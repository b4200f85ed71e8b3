//! Guards /admin and /admin/*: visitors not signed in, or whose role does not begin with
//! "admin", go to the home page of the current language. The admin code is a lazy chunk that
//! only admins download.
import { Suspense } from 'react';
import { Redirect } from 'wouter';
import { Loading } from '../../components/loading';
import { effectiveRole, isAdminRole, userinfo } from '../../features/user/user-store';
import { useStore } from '../../lib/create-store';
import { lazyWithReload } from '../lazy-with-reload';

const AdminArea = lazyWithReload(() => import('./admin-area'));

export function AdminGuard() {
  const state = useStore(userinfo);
  if (state.status === 'unknown' || state.status === 'loading') return <Loading />;
  if (state.status !== 'signedIn' || !state.user || !isAdminRole(effectiveRole(state))) {
    return <Redirect to="/" replace />;
  }
  return (
    <Suspense fallback={<Loading />}>
      <AdminArea role={effectiveRole(state)} userId={Number(state.user.id)} userName={state.user.name || state.user.username} />
    </Suspense>
  );
}
