//! POST /api/admin/orders/status {ids, change} — one move for several orders; each moves on its own
//! and the answer says which did not, and why.
import { apiSend } from '../../../api/client';
import type { BulkStatusAnswer, StatusBody } from '../../../api/types';

export async function bulkStatus(ids: number[], change: StatusBody): Promise<BulkStatusAnswer> {
  return apiSend<BulkStatusAnswer>('POST', '/api/admin/orders/status', { ids, change });
}
