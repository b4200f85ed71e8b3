import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { jsonResponse } from '../../../testing/products';
import type { StaffTools } from '../tools';
import { RolesPage } from './roles-page';

const ALL = ['orders.read', 'orders.write', 'customers.read', 'customers.write', 'reports.read', 'activity.read', 'catalog.write', 'settings.write', 'staff.manage'];
const tools: StaffTools = { label: (_group, key) => key, errorText: String, time: () => '', narrow: false };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return jsonResponse({ status: 'success', roles: (JSON.parse(String(init.body)) as { roles: unknown }).roles });
    return jsonResponse({ status: 'success', roles: { 'admin-sales': ['orders.read'], admin: ALL } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderRoles() {
  const memory = memoryLocation({ path: '/admin/roles' });
  render(
    <Router hook={memory.hook}>
      <RolesPage tools={tools} />
    </Router>,
  );
}

const cell = (role: string, permission: string) => document.querySelector<HTMLInputElement>(`input[data-role="${role}"][data-permission="${permission}"]`)!;

describe('the roles grid', () => {
  it('shows the owner first with every permission, fixed', async () => {
    renderRoles();
    await screen.findByTestId('roles-matrix');
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.querySelector('.roles-table__key')?.textContent);
    expect(headers.slice(1)).toEqual(['admin', 'admin-sales']);
    expect(cell('admin', 'staff.manage').checked).toBe(true);
    expect(cell('admin', 'staff.manage').disabled).toBe(true);
    expect(cell('admin-sales', 'orders.read').checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Save roles' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves the whole document with a new role and its permissions', async () => {
    renderRoles();
    await screen.findByTestId('roles-matrix');
    fireEvent.input(screen.getByLabelText('New role'), { target: { value: 'support' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    expect(await screen.findByText('A role name begins with “admin” and has only lowercase letters, digits and -.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('New role'), { target: { value: 'admin-support' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    await waitFor(() => expect(cell('admin-support', 'activity.read')).toBeTruthy());
    fireEvent.click(cell('admin-support', 'activity.read'));
    fireEvent.click(cell('admin-sales', 'orders.read'));
    fireEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('The roles are saved.')).toBeTruthy();
    const put = fetchMock.mock.calls.find((call) => (call[1] as RequestInit | undefined)?.method === 'PUT')!;
    expect(put[0]).toBe('/api/admin/roles');
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({
      roles: { 'admin-sales': [], admin: ALL, 'admin-support': ['activity.read'] },
    });
    expect(screen.getByRole('button', { name: 'Save roles' }).hasAttribute('disabled')).toBe(true);
  });
});
