//! POST /api/admin/products/{code}/images (multipart, field `file`, with upload progress) and
//! PUT /api/admin/products/{code}/images {images, imageAlts, version?}: both answer the product.
import { ApiError, apiSend, requestHeaders } from '../../../api/client';
import type { Localized, Product, ProductImagesAnswer, ProductImagesBody } from '../../../api/types';

const path = (code: string) => `/api/admin/products/${encodeURIComponent(code)}/images`;

type ErrorBody = { status?: string; error?: { code?: string; message?: string }; product?: Product };

/**
 * Sends the files in one request (all or nothing on the server); `onProgress` gets the fraction
 * sent, 0 to 1. fetch() cannot report upload progress, hence XMLHttpRequest.
 */
export function uploadImages(code: string, files: readonly File[], onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Product> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path(code));
    // The browser sets the multipart Content-Type with its boundary.
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: ErrorBody | null;
      try {
        body = JSON.parse(xhr.responseText) as ErrorBody;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.status === 'success' && body.product) {
        onProgress(1);
        resolve(body.product);
        return;
      }
      const error = body?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code || (xhr.status === 413 ? 'payload_too_large' : 'http_error'),
          error?.message || xhr.statusText || `HTTP ${xhr.status}`,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload did not reach the shop.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The new order of the product's images (without those removed) and their alt text. */
export async function saveImages(code: string, images: string[], imageAlts: Record<string, Localized>, version?: number): Promise<Product> {
  const body: ProductImagesBody = { images, imageAlts };
  if (version !== undefined) body.version = version;
  const answer = await apiSend<ProductImagesAnswer>('PUT', path(code), body);
  return answer.product;
}
