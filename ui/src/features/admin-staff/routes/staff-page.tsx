//! /admin/staff: every staff account with its role (changed here: the member's older sessions end
//! at once), and a form to add one. Needs `staff.manage`.
import { useEffect, useId, useState } from 'react';
import type { Customer } from '../../../api/types';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useI18n } from '../../../i18n/i18n-store';
import { useDocumentTitle } from '../../../lib/document-title';
import { AccountSwitch } from '../../../components/account-switch';
import { getRoles, listStaff, setStaffDisabled } from '../api/staff-api';
import { AddStaffForm } from '../components/add-staff-form';
import { RoleCell } from '../components/role-cell';
import { StaffTabs } from '../components/staff-tabs';
import { roleOrder } from '../staff-rules';
import type { StaffTools } from '../tools';
import '../admin-staff.css';

export type StaffPageProps = { tools: StaffTools; selfId: number };

type Loaded = { staff: Customer[]; roles: string[] };

export function StaffPage({ tools, selfId }: StaffPageProps) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.staff.title'));
  const id = useId();
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    Promise.all([listStaff({ signal: controller.signal }), getRoles({ signal: controller.signal })]).then(
      ([staff, roles]) => !controller.signal.aborted && setData({ staff, roles: roleOrder(roles) }),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [attempt]);
  const time = (seconds: number | null) => (seconds ? tools.time(seconds * 1000) : '—');

  const onSwitched = (member: Customer) => {
    setData((current) => (current ? { ...current, staff: current.staff.map((one) => (one.id === member.id ? member : one)) } : current));
    setNotice(member.disabled ? t('admin.customers.nowDisabled') : t('admin.customers.nowEnabled'));
  };
  /** Disable/enable, for everyone but the signed-in member (the server refuses that too). */
  const access = (member: Customer) =>
    member.id === selfId ? null : <AccountSwitch customer={member} setDisabled={setStaffDisabled} errorText={tools.errorText} onChanged={onSwitched} />;

  const onAdded = (member: Customer) => {
    setData((current) => (current ? { ...current, staff: [member, ...current.staff] } : current));
    setNotice(t('admin.staff.added', { name: member.username, role: tools.label('role', member.role) }));
  };
  const onChanged = (member: Customer) => {
    setData((current) =>
      current
        ? {
            ...current,
            // Someone who is no longer staff leaves the list.
            staff: member.role.startsWith('admin')
              ? current.staff.map((one) => (one.id === member.id ? member : one))
              : current.staff.filter((one) => one.id !== member.id),
          }
        : current,
    );
    setNotice(
      member.role.startsWith('admin')
        ? t('admin.staff.roleChanged', { name: member.username, role: tools.label('role', member.role) })
        : t('admin.staff.noLongerStaff', { name: member.username }),
    );
  };

  return (
    <section class="page admin-page" aria-labelledby={`${id}-title`}>
      <header class="admin-page__header">
        <h1 id={`${id}-title`} class="page__title">
          {t('admin.staff.title')}
        </h1>
      </header>
      <StaffTabs />
      <p class="admin-alert admin-alert--ok" role="status" hidden={!notice}>
        {notice}
      </p>
      {error ? (
        <LoadError message={tools.errorText(error)} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {!data && !error ? <Loading /> : null}
      {data ? (
        <>
          {tools.narrow ? (
            <ul class="staff-cards" aria-label={t('admin.staff.title')}>
              {data.staff.map((member) => (
                <li key={member.id} class="staff-card" data-testid="staff-row" data-username={member.username}>
                  <p class="staff-card__name">
                    <strong>{member.name || member.username}</strong>
                    {member.disabled ? <span class="status-chip status-chip--off">{t('admin.customers.disabled')}</span> : null}
                  </p>
                  <p class="admin-muted">{member.username}</p>
                  <RoleCell member={member} roles={data.roles} self={member.id === selfId} tools={tools} onChanged={onChanged} />
                  <p class="admin-muted">{t('admin.staff.lastLoginOn', { date: time(member.lastLoginAt) })}</p>
                  {access(member)}
                </li>
              ))}
            </ul>
          ) : (
            <div class="table-scroll">
              <table class="data-table">
                <caption class="visually-hidden">{t('admin.staff.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.staff.name')}</th>
                    <th scope="col">{t('admin.staff.username')}</th>
                    <th scope="col">{t('admin.staff.role')}</th>
                    <th scope="col">{t('admin.customers.joined')}</th>
                    <th scope="col">{t('admin.customers.lastLogin')}</th>
                    <th scope="col">
                      <span class="visually-hidden">{t('admin.staff.access')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.staff.map((member) => (
                    <tr key={member.id} data-testid="staff-row" data-username={member.username}>
                      <th scope="row">
                        {member.name || member.username}
                        {member.disabled ? <span class="status-chip status-chip--off">{t('admin.customers.disabled')}</span> : null}
                      </th>
                      <td>{member.username}</td>
                      <td>
                        <RoleCell member={member} roles={data.roles} self={member.id === selfId} tools={tools} onChanged={onChanged} />
                      </td>
                      <td class="data-table__nowrap">{time(member.createdAt)}</td>
                      <td class="data-table__nowrap">{time(member.lastLoginAt)}</td>
                      <td>{access(member)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <AddStaffForm roles={data.roles} tools={tools} onAdded={onAdded} />
        </>
      ) : null}
    </section>
  );
}
