//! GET /api/admin/reports/sales?from=&to= — orders and revenue per shop day, by payment method and
//! channel, and the best sellers; GET /api/admin/reports/sales.csv — the same per day as a file.
import { ApiError, apiGet, requestHeaders, type RequestOptions } from '../../../api/client';
import type { SalesReportAnswer } from '../../../api/types';

function range(from: string, to: string): string {
  return new URLSearchParams({ from, to }).toString();
}

export function getSalesReport(from: string, to: string, options: RequestOptions = {}): Promise<SalesReportAnswer> {
  return apiGet<SalesReportAnswer>(`/api/admin/reports/sales?${range(from, to)}`, options);
}

/** The CSV, fetched with the bearer token (a plain link would not carry it). */
export async function getSalesCsv(from: string, to: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/reports/sales.csv?${range(from, to)}`, { headers: { ...requestHeaders(), Accept: 'text/csv' } });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(response.status, body?.error?.code || 'http_error', body?.error?.message || `HTTP ${response.status}`);
  }
  return new Blob([await response.arrayBuffer()], { type: 'text/csv;charset=utf-8' });
}
