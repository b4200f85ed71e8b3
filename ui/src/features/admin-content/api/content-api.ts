//! The content endpoints (all need `settings.write`): pages (GET/POST /api/admin/pages, PUT
//! /api/admin/pages/{name}), translations (GET/PUT /api/admin/translations), site settings (GET/PUT
//! /api/admin/settings) and the e-catalogue (GET/POST /api/admin/catalogue-pdf, multipart).
import { ApiError, apiGet, apiSend, requestHeaders, type RequestOptions } from '../../../api/client';
import type {
  AdminPageAnswer,
  AdminPagesAnswer,
  CatalogueAnswer,
  CatalogueFile,
  MailPreviewAnswer,
  NewPageBody,
  Page,
  PageInput,
  SettingsAnswer,
  SiteSettings,
  TranslationAnswer,
  TranslationInput,
  TranslationRow,
  TranslationsAnswer,
} from '../../../api/types';

const pagePath = (name: string) => `/api/admin/pages/${name.split('/').map(encodeURIComponent).join('/')}`;

export async function listPages(options: RequestOptions = {}): Promise<Page[]> {
  return (await apiGet<AdminPagesAnswer>('/api/admin/pages', options)).pages;
}

export async function createPage(body: NewPageBody): Promise<Page> {
  return (await apiSend<AdminPageAnswer>('POST', '/api/admin/pages', body)).page;
}

export async function updatePage(name: string, body: PageInput): Promise<Page> {
  return (await apiSend<AdminPageAnswer>('PUT', pagePath(name), body)).page;
}

export async function listTranslations(options: RequestOptions = {}): Promise<TranslationRow[]> {
  return (await apiGet<TranslationsAnswer>('/api/admin/translations', options)).rows;
}

export async function saveTranslation(body: TranslationInput): Promise<TranslationRow> {
  return (await apiSend<TranslationAnswer>('PUT', '/api/admin/translations', body)).row;
}

export async function getSettings(options: RequestOptions = {}): Promise<SiteSettings> {
  return (await apiGet<SettingsAnswer>('/api/admin/settings', options)).settings;
}

export async function putSettings(settings: SiteSettings): Promise<SiteSettings> {
  return (await apiSend<SettingsAnswer>('PUT', '/api/admin/settings', settings)).settings;
}

export async function getCatalogue(options: RequestOptions = {}): Promise<CatalogueFile> {
  return (await apiGet<CatalogueAnswer>('/api/admin/catalogue-pdf', options)).file;
}

/** The current file and, while none is uploaded, the catalogue the shop draws in `lang` (what
 * shoppers get): its size and pages. */
export async function getCatalogueFacts(lang: string, options: RequestOptions = {}): Promise<CatalogueAnswer> {
  return apiGet<CatalogueAnswer>(`/api/admin/catalogue-pdf?lang=${encodeURIComponent(lang)}`, options);
}

/** Uploads the PDF as `multipart/form-data` (field `file`); errors come back as ApiError. */
export async function uploadCatalogue(file: File): Promise<CatalogueFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/admin/catalogue-pdf', { method: 'POST', headers: requestHeaders(), body: form, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  const answer = (await response.json().catch(() => null)) as (CatalogueAnswer & { error?: { code?: string; message?: string } }) | null;
  if (!response.ok || !answer || answer.status !== 'success') {
    throw new ApiError(response.status, answer?.error?.code || (response.status === 413 ? 'payload_too_large' : 'http_error'), answer?.error?.message || response.statusText);
  }
  return answer.file;
}

/** A sample order's mail to the shopper in `lang` for `event` (`orderPaid`…), as sent now. */
export async function getMailPreview(lang: string, event: string, options: RequestOptions = {}): Promise<MailPreviewAnswer> {
  return apiGet<MailPreviewAnswer>(`/api/admin/mail-preview?lang=${encodeURIComponent(lang)}&event=${encodeURIComponent(event)}`, options);
}

/** The sample order's receipt PDF in `lang`. */
export async function getPreviewReceipt(lang: string): Promise<Blob> {
  const response = await fetch(`/api/admin/mail-preview/receipt.pdf?lang=${encodeURIComponent(lang)}`, { headers: { ...requestHeaders(), Accept: 'application/pdf' } });
  if (!response.ok) throw new ApiError(response.status, 'preview_failed', `the receipt preview answered ${response.status}`);
  return response.blob();
}
