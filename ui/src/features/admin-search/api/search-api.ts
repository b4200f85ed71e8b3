//! Search settings (staff): GET/PUT /api/admin/search/synonyms (`catalog.write`; the groups in
//! force, replaced all at once) and GET /api/admin/search/misses?from=&to= (`reports.read`).
import { apiGet, apiSend, type RequestOptions } from '../../../api/client';
import type { SearchMiss, SearchMissesAnswer, SynonymsAnswer, SynonymsBody } from '../../../api/types';
import { type DayRange, missesQuery } from '../search-rules';

export async function getSynonyms(options: RequestOptions = {}): Promise<string[][]> {
  return (await apiGet<SynonymsAnswer>('/api/admin/search/synonyms', options)).groups;
}

/** Replaces every group; answers the groups as saved (trimmed, repeats dropped). */
export async function saveSynonyms(body: SynonymsBody): Promise<string[][]> {
  return (await apiSend<SynonymsAnswer>('PUT', '/api/admin/search/synonyms', body)).groups;
}

/** Keywords whose searches found nothing or nearly nothing, most searched first. */
export async function getMisses(range: DayRange, options: RequestOptions = {}): Promise<SearchMiss[]> {
  return (await apiGet<SearchMissesAnswer>(`/api/admin/search/misses?${missesQuery(range)}`, options)).misses;
}
