//! The words staff see when the server refuses or cannot be reached: translated by the error code
//! where the code means one thing (the staff wording below, else the code's message in
//! `errors.code`/`admin.errorCodes`), else the server's own message: `invalid_input` keeps it,
//! because it names the field at fault.
import { ApiError } from '../../api/client';
import { errorCodeKey } from '../../i18n/error-message';
import { t } from '../../i18n/i18n-store';
import type { MessageKey } from '../../i18n/types';

const BY_CODE: Record<string, MessageKey> = {
  forbidden: 'admin.errors.forbidden',
  unauthorized: 'admin.errors.unauthorized',
  not_found: 'admin.errors.notFound',
  network_error: 'admin.errors.network',
  invalid_transition: 'admin.errors.invalidTransition',
  invalid_shipment: 'admin.errors.invalidShipment',
  reason_required: 'admin.errors.reasonRequired',
  invalid_status: 'admin.errors.invalidStatus',
  username_taken: 'admin.errors.usernameTaken',
  weak_password: 'admin.errors.weakPassword',
  too_many_attempts: 'admin.errors.tooMany',
  no_password: 'admin.errors.noPassword',
  reset_needs_email: 'admin.errors.resetNeedsEmail',
  internal_error: 'admin.errors.internal',
  storage_full: 'admin.errors.storageFull',
};

function codeAndMessage(error: unknown): { code: string; message: string; status: number } {
  if (error instanceof ApiError) return { code: error.code, message: error.message, status: error.status };
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return { code: typeof code === 'string' ? code : '', message: typeof message === 'string' ? message : '', status: 0 };
  }
  return { code: '', message: typeof error === 'string' ? error : '', status: 0 };
}

export function adminErrorText(error: unknown): string {
  const { code, message, status } = codeAndMessage(error);
  const key = BY_CODE[code] ?? (status === 403 ? BY_CODE.forbidden : status >= 500 ? BY_CODE.internal_error : undefined);
  if (key) return t(key);
  const byCode = code && code !== 'invalid_input' ? errorCodeKey(code) : null;
  if (byCode) return t(byCode);
  return message || t('errors.requestFailed');
}
