//! The staff product API: the list (keyset pages by code), one product with its stock ledger,
//! create and save (answering per-field problems and 409 version conflicts as values, not
//! errors, so the form can show them), duplicate, show/hide, stock adjustments, bulk edits, and
//! CSV export, preview and apply.
import { ApiError, apiGet, apiSend, requestHeaders, type RequestOptions } from '../../../api/client';
import type {
  AdminProductAnswer,
  AdminProductPageAnswer,
  BulkEdit,
  BulkEditAnswer,
  FieldProblem,
  ImportAnswer,
  ImportPreview,
  Product,
  ProductSavedAnswer,
  StockAnswer,
} from '../../../api/types';

export const PRODUCT_PAGE = 50;

const path = (code: string) => `/api/admin/products/${encodeURIComponent(code)}`;

export function listProducts(query: string, after: string | null, options: RequestOptions = {}): Promise<AdminProductPageAnswer> {
  const params = new URLSearchParams(query);
  params.set('limit', String(PRODUCT_PAGE));
  if (after) params.set('after', after);
  return apiGet<AdminProductPageAnswer>(`/api/admin/products?${params.toString()}`, options);
}

export function getProduct(code: string, options: RequestOptions = {}): Promise<AdminProductAnswer> {
  return apiGet<AdminProductAnswer>(path(code), options);
}

/** A save's outcome: saved, refused field by field, or based on an old version. */
export type SaveResult =
  | { kind: 'saved'; product: Product }
  | { kind: 'problems'; problems: FieldProblem[] }
  | { kind: 'conflict'; stored: Product; message: string };

type Failure = { error?: { code?: string; message?: string }; problems?: FieldProblem[]; product?: Product; preview?: ImportPreview };

async function send(method: 'POST' | 'PUT', url: string, body: unknown): Promise<{ status: number; answer: unknown }> {
  const headers = requestHeaders();
  headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  const answer: unknown = await response.json().catch(() => null);
  return { status: response.status, answer };
}

function failure(status: number, answer: unknown): ApiError {
  const body = (answer ?? {}) as Failure;
  return new ApiError(status, body.error?.code || 'http_error', body.error?.message || `HTTP ${status}`);
}

async function save(method: 'POST' | 'PUT', url: string, body: unknown): Promise<SaveResult> {
  const { status, answer } = await send(method, url, body);
  if (status === 200 || status === 201) return { kind: 'saved', product: (answer as ProductSavedAnswer).product };
  const fail = (answer ?? {}) as Failure;
  if (status === 400 && fail.error?.code === 'invalid_product' && fail.problems) return { kind: 'problems', problems: fail.problems };
  if (status === 409 && fail.error?.code === 'version_conflict' && fail.product) {
    return { kind: 'conflict', stored: fail.product, message: fail.error.message ?? '' };
  }
  throw failure(status, answer);
}

export function createProduct(body: Record<string, unknown>): Promise<SaveResult> {
  return save('POST', '/api/admin/products', body);
}

export function updateProduct(code: string, body: Record<string, unknown>): Promise<SaveResult> {
  return save('PUT', path(code), body);
}

export function duplicateProduct(code: string, newCode: string): Promise<SaveResult> {
  return save('POST', `${path(code)}/duplicate`, { code: newCode });
}

export async function setActive(code: string, active: boolean): Promise<Product> {
  const answer = await apiSend<ProductSavedAnswer>('POST', `${path(code)}/active`, { active });
  return answer.product;
}

export type StockResult = { kind: 'done'; answer: StockAnswer } | { kind: 'problems'; problems: FieldProblem[] };

export async function adjustStock(code: string, delta: number, reason: string): Promise<StockResult> {
  const { status, answer } = await send('POST', `${path(code)}/stock`, { delta, reason });
  if (status === 200) return { kind: 'done', answer: answer as StockAnswer };
  const fail = (answer ?? {}) as Failure;
  if (status === 400 && fail.problems) return { kind: 'problems', problems: fail.problems };
  throw failure(status, answer);
}

export type BulkResult = { kind: 'done'; products: Product[] } | { kind: 'problems'; problems: FieldProblem[] };

export async function bulkEdit(edit: BulkEdit): Promise<BulkResult> {
  const { status, answer } = await send('POST', '/api/admin/catalog/bulk', edit);
  if (status === 200) return { kind: 'done', products: (answer as BulkEditAnswer).products };
  const fail = (answer ?? {}) as Failure;
  if (status === 400 && fail.problems) return { kind: 'problems', problems: fail.problems };
  throw failure(status, answer);
}

/** Previews (apply false) or applies a CSV file; a refused apply answers its preview too. */
export async function importCsv(csv: string, apply: boolean): Promise<{ applied: boolean; preview: ImportPreview }> {
  const { status, answer } = await send('POST', '/api/admin/catalog/import', { csv, apply });
  if (status === 200) {
    const ok = answer as ImportAnswer;
    return { applied: ok.applied, preview: ok.preview };
  }
  const fail = (answer ?? {}) as Failure;
  if (status === 400 && fail.preview) return { applied: false, preview: fail.preview };
  throw failure(status, answer);
}

/** The filtered products as a CSV file (in the columns the import reads). */
export async function exportProducts(query: string): Promise<Blob> {
  const headers = requestHeaders();
  headers.Accept = 'text/csv';
  let response: Response;
  try {
    response = await fetch(`/api/admin/products.csv${query ? `?${query}` : ''}`, { headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    const answer: unknown = await response.json().catch(() => null);
    throw failure(response.status, answer);
  }
  // `text()` drops the byte-order mark; spreadsheet programs need it to read Thai right.
  return new Blob(['\uFEFF', await response.text()], { type: 'text/csv;charset=utf-8' });
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
