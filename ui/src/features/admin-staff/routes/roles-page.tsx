//! /admin/roles: what each staff role may do, as a roles × permissions grid of checkboxes, saved
//! as one document (PUT /api/admin/roles). The owner role `admin` always holds everything; a new
//! role (its name begins with "admin") can be added. Changes apply to the role's members at once.
import { useEffect, useId, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { getRoles, putRoles } from '../api/staff-api';
import { StaffTabs } from '../components/staff-tabs';
import { changed, checkNewRole, OWNER_ROLE, PERMISSIONS, permissionKey, roleOrder, toggled, type RoleMatrix } from '../staff-rules';
import type { StaffTools } from '../tools';
import '../admin-staff.css';

export type RolesPageProps = { tools: StaffTools };

export function RolesPage({ tools }: RolesPageProps) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.roles.title'));
  const id = useId();
  const [saved, setSaved] = useState<RoleMatrix | null>(null);
  const [draft, setDraft] = useState<RoleMatrix>({});
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [newRole, setNewRole] = useState('');
  const [newRoleError, setNewRoleError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getRoles({ signal: controller.signal }).then(
      (roles) => {
        if (controller.signal.aborted) return;
        setSaved(roles);
        setDraft(roles);
      },
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [attempt]);

  const roles = roleOrder(draft);
  const dirty = saved !== null && changed(saved, draft);
  const save = async () => {
    setBusy(true);
    setSaveError(null);
    setNotice(null);
    try {
      const stored = await putRoles(draft);
      setSaved(stored);
      setDraft(stored);
      setNotice(t('admin.roles.saved'));
    } catch (failure) {
      setSaveError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const addRole = (event: Event) => {
    event.preventDefault();
    const problem = checkNewRole(newRole, draft);
    if (problem) {
      setNewRoleError(t(problem));
      return;
    }
    setDraft({ ...draft, [newRole.trim().toLowerCase()]: [] });
    setNewRole('');
    setNewRoleError(null);
  };

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.roles.title')}
        </h1>
      </header>
      <StaffTabs />
      <p class="admin-muted">{t('admin.roles.lead')}</p>
      {error ? (
        <LoadError message={tools.errorText(error)} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!saved && !error ? <Loading /> : null}
      {saved ? (
        <>
          <div class="table-scroll">
            <table class="data-table roles-table" data-testid="roles-matrix">
              <caption class="visually-hidden">{t('admin.roles.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.roles.permission')}</th>
                  {roles.map((role) => (
                    <th key={role} scope="col" class="roles-table__role">
                      {tools.label('role', role)}
                      <span class="roles-table__key">{role}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PERMISSIONS.map((permission) => (
                  <tr key={permission}>
                    <th scope="row">
                      {t(permissionKey(permission))}
                      <span class="roles-table__key">{permission}</span>
                    </th>
                    {roles.map((role) => {
                      const owner = role === OWNER_ROLE;
                      return (
                        <td key={role} class="roles-table__cell">
                          <input
                            type="checkbox"
                            class="admin-check"
                            checked={owner || (draft[role] ?? []).includes(permission)}
                            disabled={owner || busy}
                            aria-label={t('admin.roles.allow', { role: tools.label('role', role), permission: t(permissionKey(permission)) })}
                            data-role={role}
                            data-permission={permission}
                            onChange={() => setDraft(toggled(draft, role, permission))}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class="admin-muted">{t('admin.roles.ownerNote')}</p>
          <div class="roles-actions">
            <button type="button" class="button" disabled={!dirty || busy} onClick={() => void save()}>
              {busy ? t('admin.common.saving') : t('admin.roles.save')}
            </button>
            <button type="button" class="button button--ghost" disabled={!dirty || busy} onClick={() => setDraft(saved)}>
              {t('admin.roles.undo')}
            </button>
          </div>
          <div role="status">
            {notice ? <p class="admin-alert admin-alert--ok">{notice}</p> : null}
          </div>
          {saveError ? (
            <p class="admin-alert admin-alert--error" role="alert">
              {saveError}
            </p>
          ) : null}
          <form class="admin-card roles-new" onSubmit={addRole} noValidate>
            <div class="admin-field admin-field--grow">
              <label for={`${id}-new`}>{t('admin.roles.newRole')}</label>
              <input
                id={`${id}-new`}
                type="text"
                value={newRole}
                maxLength={32}
                placeholder="admin-…"
                autoCapitalize="none"
                spellcheck={false}
                aria-invalid={newRoleError ? true : undefined}
                aria-describedby={`${id}-new-hint${newRoleError ? ` ${id}-new-error` : ''}`}
                onInput={(event) => setNewRole((event.currentTarget as HTMLInputElement).value)}
              />
              <p id={`${id}-new-hint`} class="admin-muted">
                {t('admin.roles.newRoleHint')}
              </p>
              {newRoleError ? (
                <p id={`${id}-new-error`} class="admin-error">
                  {newRoleError}
                </p>
              ) : null}
            </div>
            <button type="submit" class="button button--ghost">
              {t('admin.roles.addRole')}
            </button>
          </form>
        </>
      ) : null}
    </section>
  );
}
