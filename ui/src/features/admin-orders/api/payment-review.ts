//! The money of one order at the desk: reject the slip waiting to be checked (POST
//! /api/admin/order/{id}/proof/reject {reason}), record a refund (POST
//! /api/admin/order/{id}/refund {reference}), and fetch a private slip image as a `data:` URL.
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

/** The slip image, fetched with the staff token (slips are never public), as a `data:` URL. */
export async function slipUrl(path: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(path, { headers: requestHeaders(), credentials: 'same-origin', signal });
  if (!response.ok) throw new ApiError(response.status, 'http_error', `HTTP ${response.status}`);
  return dataUrl(await response.blob());
}

/** The image as a `data:` URL: the page's CSP allows `data:` images, not `blob:` ones. */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the image could not be read'));
    reader.readAsDataURL(blob);
  });
}
