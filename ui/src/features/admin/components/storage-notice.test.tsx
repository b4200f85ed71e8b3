import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { StorageStatus } from '../../../api/types';
import { StorageNotice } from './storage-notice';

describe('StorageNotice', () => {
  it('alerts when the disk is full and when the last backup failed', () => {
    const storage: StorageStatus = {
      diskFullSince: 1_764_000_000,
      backupWarning: 'failed',
      lastBackup: { at: 1_764_000_000, ok: false, error: 'cannot write /var/backups/kiosk' },
      offsite: [],
    };
    render(<StorageNotice storage={storage} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('disk is full');
    expect(alert.textContent).toContain('cannot write /var/backups/kiosk');
  });

  it('alerts when no backup was ever taken or the last one is too old', () => {
    const { unmount } = render(<StorageNotice storage={{ backupWarning: 'never', offsite: [] }} />);
    expect(screen.getByRole('alert').textContent).toContain('No backup');
    unmount();
    render(<StorageNotice storage={{ backupWarning: 'overdue', lastBackup: { at: 1, ok: true, lastWrittenAt: 1 }, offsite: [] }} />);
    expect(screen.getByRole('alert').textContent).toContain('48 hours');
  });

  it('warns about an HTTPS certificate near its end and about a failed renewal', () => {
    const names = ['shop.example.com'];
    const { unmount } = render(
      <StorageNotice storage={{ offsite: [], certificateWarning: 'expiring', certificate: { names, notAfter: 1_764_000_000 } }} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('shop.example.com');
    unmount();
    render(
      <StorageNotice
        storage={{ offsite: [], certificateWarning: 'renewalFailed', certificate: { names, notAfter: 1_764_000_000, lastError: 'port 443 closed' } }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('port 443 closed');
  });

  it('only mentions the last backup when all is well', () => {
    render(<StorageNotice storage={{ lastBackup: { at: 1_764_000_000, ok: true, lastWrittenAt: 1_764_000_000 }, offsite: [] }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('storage-ok').textContent).toContain('Last backup');
  });

  it('warns per off-site destination after 48 hours without a copy, or after a failure', () => {
    const lastBackup = { at: 1_764_000_000, ok: true, lastWrittenAt: 1_764_000_000 };
    render(
      <StorageNotice
        storage={{
          lastBackup,
          offsite: [
            { name: 'r2', kind: 's3', overdue: true, record: { at: 1_764_000_000, ok: false, error: 'connection refused', lastSuccessAt: 1_763_000_000 } },
            { name: 'nas', kind: 'sftp', overdue: true },
          ],
        }}
      />,
    );
    const alert = screen.getByRole('alert').textContent ?? '';
    expect(alert).toContain('The last off-site copy to r2');
    expect(alert).toContain('connection refused');
    expect(alert).toContain('No off-site copy to r2 for more than 48 hours');
    expect(alert).toContain('No off-site copy to nas has succeeded yet');
  });

  it('shows the last successful off-site copy per destination when all is well', () => {
    const lastBackup = { at: 1_764_000_000, ok: true, lastWrittenAt: 1_764_000_000 };
    render(
      <StorageNotice
        storage={{ lastBackup, offsite: [{ name: 'r2', kind: 's3', overdue: false, record: { at: 1_764_000_000, ok: true, lastArchive: 'kiosk-20251124-160000', lastSuccessAt: 1_764_000_000 } }] }}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('storage-ok').textContent).toContain('Off-site copy to r2');
  });
});
