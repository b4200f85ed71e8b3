//! /admin/code/{group}: one code table (label group) with its title in each language.
import { AdminNotFound } from './admin-not-found';
import { useDocumentTitle } from '../../../lib/document-title';
import { LOCALE_CODES } from '../../../lib/locale-path';
import { useI18n } from '../../../i18n/i18n-store';
import type { LocalizedText } from '../../../i18n/types';

type CodeTableProps = { group: string; entries: Record<string, LocalizedText> | undefined };

export function CodeTablePage({ group, entries }: CodeTableProps) {
  const { t, languages } = useI18n();
  useDocumentTitle(`${t('admin.code')}: ${group}`);
  if (!entries) return <AdminNotFound />;
  const keys = Object.keys(entries).sort((a, b) => a.localeCompare(b));
  const nameOf = (code: string) => languages.find((language) => language.code === code)?.name ?? code;
  return (
    <section class="page">
      <header class="page__header">
        <p class="page__eyebrow">{t('admin.code')}</p>
        <h1 class="page__title">{group}</h1>
      </header>
      <div class="table-scroll">
        <table class="data-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.codeKey')}</th>
              {LOCALE_CODES.map((code) => (
                <th key={code} scope="col">
                  {nameOf(code)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key}>
                <th scope="row">
                  <code>{key}</code>
                </th>
                {LOCALE_CODES.map((code) => (
                  <td key={code}>{entries[key]?.[code] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
