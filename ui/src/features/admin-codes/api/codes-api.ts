//! Code tables (staff, `settings.write`): GET /api/admin/codes/{group}, POST /api/admin/codes/{group}
//! {key, title}, PUT /api/admin/codes/{group}/{key} {title, active}, DELETE …/{key}.
import { apiGet, apiSend, type RequestOptions } from '../../../api/client';
import type { CodeEntry, CodeEntryAnswer, CodeGroup, CodeGroupAnswer, CodeRemovedAnswer, Localized } from '../../../api/types';

const base = (group: string) => `/api/admin/codes/${encodeURIComponent(group)}`;

export async function getGroup(group: string, options: RequestOptions = {}): Promise<CodeGroup> {
  return (await apiGet<CodeGroupAnswer>(base(group), options)).group;
}

export async function addEntry(group: string, key: string, title: Localized): Promise<CodeEntry> {
  return (await apiSend<CodeEntryAnswer>('POST', base(group), { key, title })).entry;
}

export async function updateEntry(group: string, key: string, title: Localized, active: boolean): Promise<CodeEntry> {
  return (await apiSend<CodeEntryAnswer>('PUT', `${base(group)}/${encodeURIComponent(key)}`, { title, active })).entry;
}

export async function removeEntry(group: string, key: string): Promise<void> {
  await apiSend<CodeRemovedAnswer>('DELETE', `${base(group)}/${encodeURIComponent(key)}`);
}
