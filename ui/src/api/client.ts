//! The one HTTP client of the UI: adds the `kcard` channel header and the bearer token, tracks
//! progress, and turns the server's error shape into an ApiError.
import { finishProgress, startProgress } from '../lib/progress';
import { readStorage, STORAGE_KEYS } from '../lib/storage';
import { takePrefetched } from './prefetched';
import type { ErrorDetail } from './types';

export const DEFAULT_KCARD = 'web';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Seconds from a `Retry-After` header (429 answers), when the server sent one. */
  readonly retryAfter: number | null;

  constructor(status: number, code: string, message: string, retryAfter: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    kcard: readStorage(STORAGE_KEYS.kcard) || DEFAULT_KCARD,
  };
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** A failed answer: the API's `ErrorAnswer`, read defensively (a proxy may answer anything). */
type ErrorBody = { status?: string; error?: Partial<ErrorDetail> };

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export type RequestOptions = { signal?: AbortSignal; track?: boolean };

function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('Retry-After');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Sends one request and reads a JSON answer of the shape `{"status":"success", …}`. The headers
 * are read before the first await, so a caller may forget the token right after calling (logout).
 */
async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const track = options.track ?? true;
  const headers = requestHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (track) startProgress();
  let failed = true;
  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      credentials: 'same-origin',
    });
    const answer = (await readJson(response)) as (ErrorBody & T) | null;
    if (!response.ok) {
      const error = answer?.error;
      throw new ApiError(
        response.status,
        error?.code || 'http_error',
        error?.message || response.statusText || `HTTP ${response.status}`,
        retryAfterOf(response),
      );
    }
    if (!answer || answer.status !== 'success') {
      throw new ApiError(response.status, 'bad_response', 'The server answered with an unexpected body.');
    }
    failed = false;
    return answer;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') {
      failed = false;
      throw error;
    }
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  } finally {
    if (track) finishProgress(failed);
  }
}

/**
 * GETs a JSON answer of the shape `{"status":"success", …}`; the first GET of a URL whose answer
 * the server put into the page takes that answer (see `prefetched.ts`).
 */
export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const prefetched = takePrefetched(path);
  if (prefetched !== undefined) return Promise.resolve(prefetched as T);
  return request<T>('GET', path, undefined, options);
}

/** POSTs (PUTs, DELETEs) a JSON body and reads a JSON answer of the shape `{"status":"success", …}`. */
export function apiSend<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>(method, path, body, options);
}

/** What the error screen shows under "Details": the server's message, or what the browser said. */
export function errorDetail(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

export function httpStatusOf(error: unknown): number {
  return error instanceof ApiError && error.status > 0 ? error.status : 500;
}
