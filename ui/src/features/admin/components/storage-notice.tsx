//! The dashboard's word on storage: a full disk (every change refused until space is freed),
//! backups that failed, stopped or never ran, and an HTTPS certificate near its end or whose
//! renewal failed. They fail out of sight otherwise, so they are shown
//! above everything else, as an alert, whenever the server reports them.
import type { StorageStatus } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { formatLogTime } from '../../../lib/format';

const at = (seconds: number) => formatLogTime(new Date(seconds * 1000));

export function StorageNotice({ storage }: { storage: StorageStatus }) {
  const { t } = useI18n();
  const problems: string[] = [];
  if (storage.diskFullSince) problems.push(t('admin.home.diskFull', { time: at(storage.diskFullSince) }));
  const last = storage.lastBackup;
  switch (storage.backupWarning) {
    case 'never':
      problems.push(t('admin.home.backupNever'));
      break;
    case 'failed':
      problems.push(t('admin.home.backupFailed', { time: at(last?.at ?? 0), error: last?.error ?? '' }));
      break;
    case 'overdue':
      problems.push(t('admin.home.backupOverdue', { time: last?.lastWrittenAt ? at(last.lastWrittenAt) : '—' }));
      break;
    default:
      break;
  }
  // Off-site copies, per destination: warned after 48 hours without a successful one.
  const offsiteOk: string[] = [];
  for (const dest of storage.offsite ?? []) {
    const record = dest.record;
    const success = record?.lastSuccessAt;
    if (record && !record.ok) {
      problems.push(t('admin.home.offsiteFailed', { name: dest.name, time: at(record.at), error: record.error ?? '' }));
    }
    if (dest.overdue) {
      problems.push(
        success
          ? t('admin.home.offsiteOverdue', { name: dest.name, time: at(success) })
          : t('admin.home.offsiteNever', { name: dest.name }),
      );
    } else if (success && record?.ok) {
      offsiteOk.push(t('admin.home.offsiteOk', { name: dest.name, time: at(success) }));
    }
  }
  const certificate = storage.certificate;
  const expires = certificate?.notAfter ? at(certificate.notAfter) : '—';
  if (storage.certificateWarning === 'renewalFailed') {
    problems.push(t('admin.home.certificateRenewalFailed', { error: certificate?.lastError ?? '', time: expires }));
  } else if (storage.certificateWarning === 'expiring') {
    problems.push(t('admin.home.certificateExpiring', { names: certificate?.names.join(', ') ?? '', time: expires }));
  }
  if (!problems.length) {
    const ok = [...(last?.lastWrittenAt ? [t('admin.home.backupOk', { time: at(last.lastWrittenAt) })] : []), ...offsiteOk];
    return ok.length ? (
      <p class="admin-muted storage-notice__ok" data-testid="storage-ok">
        {ok.join(' · ')}
      </p>
    ) : null;
  }
  return (
    <section class="load-error storage-notice" role="alert" aria-label={t('admin.home.storage')} data-testid="storage-notice">
      {problems.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </section>
  );
}
