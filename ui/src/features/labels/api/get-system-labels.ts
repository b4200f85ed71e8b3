//! GET /api/file/labels/system — code tables (orderStatus, paymentMethod, provider, role, province).
import { apiGet } from '../../../api/client';
import type { LabelsAnswer } from '../../../api/types';
import type { LabelTitles } from '../../../i18n/types';

export async function getSystemLabels(): Promise<LabelTitles> {
  const body = await apiGet<LabelsAnswer>('/api/file/labels/system');
  return body.data ?? {};
}
