//! A staff member's role with a way to change it: choose, then save. The signed-in owner cannot
//! change their own role (the server refuses too); "Not staff" takes the staff rights away.
import { useEffect, useId, useState } from 'react';
import type { Customer } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { setRole } from '../api/staff-api';
import type { StaffTools } from '../tools';

type RoleCellProps = { member: Customer; roles: string[]; self: boolean; tools: StaffTools; onChanged: (member: Customer) => void };

export function RoleCell({ member, roles, self, tools, onChanged }: RoleCellProps) {
  const { t } = useI18n();
  const id = useId();
  const [role, setRoleChoice] = useState(member.role);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setRoleChoice(member.role), [member.role]);
  const options = roles.includes(member.role) ? roles : [member.role, ...roles];
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await setRole(member.id, role));
    } catch (failure) {
      setError(tools.errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  if (self) {
    return (
      <span class="role-cell">
        {tools.label('role', member.role)} <span class="admin-muted">({t('admin.staff.you')})</span>
      </span>
    );
  }
  return (
    <div class="role-cell">
      <label for={`${id}-role`} class="visually-hidden">
        {t('admin.staff.roleOf', { name: member.username })}
      </label>
      <select id={`${id}-role`} value={role} disabled={busy} onChange={(event) => setRoleChoice((event.currentTarget as HTMLSelectElement).value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {tools.label('role', option)}
          </option>
        ))}
        <option value="user">{t('admin.staff.notStaff')}</option>
      </select>
      {role !== member.role ? (
        <button type="button" class="button button--small" disabled={busy} onClick={() => void save()}>
          {busy ? t('admin.common.saving') : t('admin.common.save')}
        </button>
      ) : null}
      {error ? (
        <p class="admin-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
