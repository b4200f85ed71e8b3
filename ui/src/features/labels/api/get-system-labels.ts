//! GET /api/file/labels/system — code tables (orderStatus, paymentMethod, provider, role, province).
import { apiGet } from '../../../api/client';
import type { LocalizedText } from '../../../i18n/types';

export type LabelGroups = Record<string, Record<string, LocalizedText>>;

export async function getSystemLabels(): Promise<LabelGroups> {
  const body = await apiGet<{ data: LabelGroups }>('/api/file/labels/system');
  return body.data ?? {};
}
