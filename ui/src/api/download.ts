//! Files behind the sign-in (receipts, tax invoices): fetched with the same headers as every API
//! call — the token never goes into a URL — then handed to the browser as a download.
import { ApiError, requestHeaders } from './client';

/** Fetches `path` and saves it as `fileName`. Throws ApiError when the server refuses. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const headers = { ...requestHeaders(), Accept: 'application/pdf' };
  let response: Response;
  try {
    response = await fetch(path, { headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    let code = 'http_error';
    let message = response.statusText || `HTTP ${response.status}`;
    try {
      const body = (await response.json()) as { error?: { code?: string; message?: string } };
      code = body.error?.code || code;
      message = body.error?.message || message;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(response.status, code, message);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
