//! The admin area (lazy chunk): admin layout with the role's menus and the Code submenu, and the
//! admin pages. When the code tables cannot be fetched (or there are none) the administrator is
//! alerted, in Thai, as SPEC §8 requires.
import { useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { ErrorStatus } from '../../components/error-status';
import { Loading } from '../../components/loading';
import { CODE_FETCH_FAILED_ALERT } from '../../features/admin/admin-store';
import { AdminHome } from '../../features/admin/routes/admin-home';
import { CodeTablePage } from '../../features/admin/routes/code-table-page';
import { ensureLabels, labelGroupNames, labels } from '../../features/labels/labels-store';
import { useStore } from '../../lib/create-store';
import { AdminLayout } from '../layouts/admin-layout';
import { safeDecode } from '../../lib/url-rules';

export default function AdminArea({ role, userName }: { role: string; userName: string }) {
  const labelState = useStore(labels);
  useEffect(() => {
    ensureLabels().then(
      (groups) => {
        if (labelGroupNames(groups).length < 1) window.alert(CODE_FETCH_FAILED_ALERT);
      },
      (error: unknown) => {
        console.warn('code tables not loaded', error);
        window.alert(CODE_FETCH_FAILED_ALERT);
      },
    );
  }, []);
  return (
    <AdminLayout role={role} codeGroups={labelGroupNames(labelState.groups)}>
      <Switch>
        <Route path="/admin">
          <AdminHome userName={userName} />
        </Route>
        <Route path="/admin/code/:group">
          {(params) =>
            labelState.loaded ? (
              <CodeTablePage group={safeDecode(params.group)} entries={labelState.groups[safeDecode(params.group)]} />
            ) : (
              <Loading />
            )
          }
        </Route>
        <Route>
          <ErrorStatus status={404} />
        </Route>
      </Switch>
    </AdminLayout>
  );
}
