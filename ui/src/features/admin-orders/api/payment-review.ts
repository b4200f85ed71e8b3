//! The money of one order at the desk: reject the slip waiting to be checked (POST
//! /api/admin/order/{id}/proof/reject {reason}), record a refund (POST
//! /api/admin/order/{id}/refund {reference}), and fetch a private slip image as a blob URL.
import { ApiError, apiSend, requestHeaders } from '../../../api/client';
import type { Order, OrderAnswer } from '../../../api/types';

export async function rejectProof(id: number, reason: string): Promise<Order> {
  const answer = await apiSend<OrderAnswer>('POST', `/api/admin/order/${encodeURIComponent(String(id))}/proof/reject`, { reason });
  return answer.order;
}

export async function recordRefund(id: number, reference: string): Promise<Order> {
  const answer = await apiSend<OrderAnswer>('POST', `/api/admin/order/${encodeURIComponent(String(id))}/refund`, { reference });
  return answer.order;
}

/** The slip image, fetched with the staff token (slips are never public); revoke the URL after. */
export async function slipUrl(path: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(path, { headers: requestHeaders(), credentials: 'same-origin', signal });
  if (!response.ok) throw new ApiError(response.status, 'http_error', `HTTP ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
