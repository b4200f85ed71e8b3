//! GET /api/admin/orders.csv with the desk's filters — the accountant's file (UTF-8 with a BOM so
//! Thai Excel opens it). A plain link would not carry the bearer token, so the file is fetched
//! with it and handed to the browser as a download.
import { ApiError, requestHeaders } from '../../../api/client';

const BOM = '\uFEFF';

async function fetchCsv(query: string): Promise<string> {
  const headers = requestHeaders();
  headers.Accept = 'text/csv';
  let response: Response;
  try {
    response = await fetch(`/api/admin/orders.csv${query ? `?${query}` : ''}`, { headers, credentials: 'same-origin' });
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
  return response.text();
}

/**
 * The CSV of one or more server queries as one file: the first file whole, the others without
 * their byte-order mark and header row.
 */
export function joinCsv(files: string[]): string {
  const body = files
    .map((file, i) => {
      const text = file.startsWith(BOM) ? file.slice(1) : file;
      if (i === 0) return text;
      const newline = text.indexOf('\n');
      return newline < 0 ? '' : text.slice(newline + 1);
    })
    .reduce((all, part) => (all && part && !all.endsWith('\n') ? `${all}\n${part}` : all + part), '');
  return BOM + body;
}

export async function exportOrders(queries: string[]): Promise<Blob> {
  const files: string[] = [];
  for (const query of queries) files.push(await fetchCsv(query));
  return new Blob([joinCsv(files)], { type: 'text/csv;charset=utf-8' });
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
