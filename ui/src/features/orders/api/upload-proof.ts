//! POST /api/app/order/{id}/proof (multipart, field `file`) — the shopper's payment slip; answers
//! the order with the slip in `payment.proofs`. GET of a slip needs the bearer token too, so the
//! image is fetched and shown from a `data:` URL. A guest order's key (`?key=`) stands in for the
//! token.
import { ApiError, requestHeaders } from '../../../api/client';
import { parseOrder, type OrderView } from '../order';

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  return new ApiError(response.status, body?.error?.code || 'http_error', body?.error?.message || `HTTP ${response.status}`);
}

function keyQuery(key?: string | null): string {
  return key ? `?key=${encodeURIComponent(key)}` : '';
}

export async function uploadProof(id: number, file: File, key?: string | null): Promise<OrderView> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers = requestHeaders();
  delete headers['Content-Type'];
  let response: Response;
  try {
    response = await fetch(`/api/app/order/${encodeURIComponent(String(id))}/proof${keyQuery(key)}`, { method: 'POST', headers, body: form, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { order?: unknown };
  return parseOrder(body.order);
}

/** A private slip image as a `data:` URL. */
export async function proofImageUrl(path: string, signal?: AbortSignal, key?: string | null): Promise<string> {
  const response = await fetch(`${path}${keyQuery(key)}`, { headers: requestHeaders(), credentials: 'same-origin', signal });
  if (!response.ok) throw await failure(response);
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
