//! GET /api/admin/insights?from=&to= — visits, the funnel, channels, products, searches,
//! referrers and devices of a range of shop days; GET /api/admin/insights.csv — one table as a file.
import { ApiError, apiGet, requestHeaders, type RequestOptions } from '../../../api/client';
import type { InsightsAnswer } from '../../../api/types';

/** The tables the server writes as CSV. */
export type InsightsTable = 'days' | 'funnel' | 'byKcard' | 'topProducts' | 'searches' | 'referrers' | 'devices';

export function getInsights(from: string, to: string, options: RequestOptions = {}): Promise<InsightsAnswer> {
  return apiGet<InsightsAnswer>(`/api/admin/insights?${new URLSearchParams({ from, to }).toString()}`, options);
}

/** One table as CSV, fetched with the bearer token (a plain link would not carry it). */
export async function getInsightsCsv(from: string, to: string, table: InsightsTable): Promise<Blob> {
  let response: Response;
  try {
    const query = new URLSearchParams({ from, to, table }).toString();
    response = await fetch(`/api/admin/insights.csv?${query}`, { headers: { ...requestHeaders(), Accept: 'text/csv' } });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(response.status, body?.error?.code || 'http_error', body?.error?.message || `HTTP ${response.status}`);
  }
  return new Blob([await response.arrayBuffer()], { type: 'text/csv;charset=utf-8' });
}
