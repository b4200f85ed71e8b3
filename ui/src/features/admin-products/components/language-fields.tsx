//! Name and description in the five languages, side by side: one row per language on a wide
//! screen, tabs on a phone. A language without a name or description is marked "missing" until
//! it is filled; the server's problems show at their field.
import { useId, useState } from 'react';
import type { Localized } from '../../../api/types';
import { useI18n } from '../../../i18n/i18n-store';
import { LANGUAGES, type Lang } from '../product-rules';

type LanguageFieldsProps = {
  name: Localized;
  description: Localized;
  narrow: boolean;
  problems: Record<string, string[]>;
  onChange: (name: Localized, description: Localized) => void;
};

function FieldProblems({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={id} class="admin-error">
      {messages.join(' ')}
    </p>
  );
}

export function LanguageFields({ name, description, narrow, problems, onChange }: LanguageFieldsProps) {
  const { t } = useI18n();
  const id = useId();
  const [tab, setTab] = useState<Lang>('th');
  const missing = (lang: Lang) => !name[lang]?.trim() || !description[lang]?.trim();
  const shown = narrow ? [tab] : LANGUAGES;

  const row = (lang: Lang) => {
    const nameProblems = problems[`name.${lang}`];
    const descriptionProblems = problems[`description.${lang}`];
    return (
      <div key={lang} class="language-row" data-lang={lang} role={narrow ? 'tabpanel' : undefined} id={narrow ? `${id}-panel` : undefined}>
        <div class="language-row__head">
          <span class="language-row__lang">{t(`admin.products.lang.${lang}`)}</span>
          {lang === 'en' ? <span class="admin-muted">{t('admin.products.requiredMark')}</span> : null}
          {missing(lang) ? <span class="product-missing">{t('admin.products.missing')}</span> : null}
        </div>
        <div class="admin-field">
          <label for={`${id}-name-${lang}`}>{t('admin.products.nameIn', { lang: t(`admin.products.lang.${lang}`) })}</label>
          <input
            id={`${id}-name-${lang}`}
            lang={lang === 'my' ? 'ms' : lang}
            value={name[lang] ?? ''}
            maxLength={200}
            aria-invalid={nameProblems ? true : undefined}
            aria-describedby={nameProblems ? `${id}-name-${lang}-problem` : undefined}
            onInput={(event) => onChange({ ...name, [lang]: (event.currentTarget as HTMLInputElement).value }, description)}
          />
          <FieldProblems id={`${id}-name-${lang}-problem`} messages={nameProblems} />
        </div>
        <div class="admin-field">
          <label for={`${id}-description-${lang}`}>{t('admin.products.descriptionIn', { lang: t(`admin.products.lang.${lang}`) })}</label>
          <textarea
            id={`${id}-description-${lang}`}
            lang={lang === 'my' ? 'ms' : lang}
            rows={4}
            value={description[lang] ?? ''}
            maxLength={10000}
            aria-invalid={descriptionProblems ? true : undefined}
            onInput={(event) => onChange(name, { ...description, [lang]: (event.currentTarget as HTMLTextAreaElement).value })}
          />
          <FieldProblems id={`${id}-description-${lang}-problem`} messages={descriptionProblems} />
        </div>
      </div>
    );
  };

  return (
    <div class={narrow ? 'language-fields language-fields--tabs' : 'language-fields'}>
      {narrow ? (
        <div class="admin-tabs language-tabs" role="tablist" aria-label={t('admin.products.languages')}>
          {LANGUAGES.map((lang) => (
            <button
              key={lang}
              type="button"
              role="tab"
              aria-selected={tab === lang}
              aria-controls={`${id}-panel`}
              class={tab === lang ? 'language-tab language-tab--on' : 'language-tab'}
              onClick={() => setTab(lang)}
            >
              {lang.toUpperCase()}
              {missing(lang) ? <span class="language-tab__dot" aria-label={t('admin.products.missing')} /> : null}
              {problems[`name.${lang}`] || problems[`description.${lang}`] ? <span class="language-tab__bad" aria-hidden="true">!</span> : null}
            </button>
          ))}
        </div>
      ) : null}
      {shown.map(row)}
    </div>
  );
}
