//! A staff page the role's permissions do not open: says which permission it needs, inside the
//! admin layout (the menu leaves such pages out, but a link or an old bookmark can still lead here).
import { Link } from 'wouter';
import type { Permission } from '../../../api/types';
import type { MessageKey } from '../../../i18n/types';
import { EmptyState } from '../../../components/empty-state';
import { useDocumentTitle } from '../../../lib/document-title';
import { permissionNameKey } from '../../../lib/staff-wording';
import { useI18n } from '../../../i18n/i18n-store';

export function NoAccess({ permission }: { permission: Permission }) {
  const { t } = useI18n();
  useDocumentTitle(t('admin.noAccess.title'));
  // The permission's name in the viewer's language ("เปลี่ยนการตั้งค่าร้าน"), never its key.
  const named = t(permissionNameKey(permission) as MessageKey);
  const readable = named.startsWith('admin.permissions.') ? permission : named;
  return (
    <section class="page admin-page" data-testid="admin-no-access">
      <h1 class="visually-hidden">{t('admin.noAccess.title')}</h1>
      <EmptyState icon="shield" title={t('admin.noAccess.title')} text={t('admin.noAccess.text', { permission: readable })}>
        <Link href="/admin" class="button button--ghost">
          {t('admin.notFound.toDashboard')}
        </Link>
      </EmptyState>
    </section>
  );
}
