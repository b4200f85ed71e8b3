//! A title in the five shop languages side by side; an empty one is marked "missing".
import type { Localized } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { LANGS } from '../tree-rules';

type TitleFieldsProps = { id: string; title: Localized; onChange: (title: Localized) => void; problem?: string | null };

export function TitleFields({ id, title, onChange, problem }: TitleFieldsProps) {
  const { t, languages } = useI18n();
  return (
    <fieldset class="title-fields">
      <legend>{t('admin.taxonomy.titles')}</legend>
      {LANGS.map((lang) => {
        const missing = !title[lang]?.trim();
        return (
          <div class="admin-field" key={lang}>
            <label for={`${id}-${lang}`}>
              {languages.find((l) => l.code === lang)?.name ?? lang}
              {missing ? <span class="title-fields__missing"> · {t('admin.taxonomy.missing')}</span> : null}
            </label>
            <input
              id={`${id}-${lang}`}
              type="text"
              lang={lang}
              maxLength={80}
              value={title[lang]}
              aria-invalid={lang === 'en' && problem ? true : undefined}
              onInput={(event) => onChange({ ...title, [lang]: (event.currentTarget as HTMLInputElement).value })}
            />
          </div>
        );
      })}
      {problem ? <p class="admin-error">{problem}</p> : null}
    </fieldset>
  );
}
