//! The staff endpoints (all need `staff.manage`): GET /api/admin/staff, POST /api/admin/staff
//! {username, name, password, role}, POST /api/admin/staff/{id}/role {role}, GET and PUT
//! /api/admin/roles {roles}.
import { apiGet, apiSend, type RequestOptions } from '../../../api/client';
import type { Customer, RolesAnswer, StaffAnswer, StaffMemberAnswer } from '../../../api/types';
import type { NewStaff, RoleMatrix } from '../staff-rules';

export async function listStaff(options: RequestOptions = {}): Promise<Customer[]> {
  return (await apiGet<StaffAnswer>('/api/admin/staff', options)).staff;
}

export async function addStaff(form: NewStaff): Promise<Customer> {
  const body = { username: form.username.trim(), name: form.name.trim() || undefined, password: form.password, role: form.role };
  return (await apiSend<StaffMemberAnswer>('POST', '/api/admin/staff', body)).user;
}

export async function setRole(id: number, role: string): Promise<Customer> {
  return (await apiSend<StaffMemberAnswer>('POST', `/api/admin/staff/${encodeURIComponent(String(id))}/role`, { role })).user;
}

/** Disables or enables a staff account (`staff.manage`); its sessions end at once. */
export async function setStaffDisabled(id: number, disabled: boolean): Promise<Customer> {
  return (await apiSend<StaffMemberAnswer>('POST', `/api/admin/staff/${encodeURIComponent(String(id))}/disabled`, { disabled })).user;
}

export async function getRoles(options: RequestOptions = {}): Promise<RoleMatrix> {
  return (await apiGet<RolesAnswer>('/api/admin/roles', options)).roles;
}

export async function putRoles(roles: RoleMatrix): Promise<RoleMatrix> {
  return (await apiSend<RolesAnswer>('PUT', '/api/admin/roles', { roles })).roles;
}
