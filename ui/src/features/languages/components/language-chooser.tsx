//! The language chooser: five flags (th, my, km, en, id). Each is a real link to the same page in
//! that language; with JavaScript the switch happens in place (messages fetched, URL prefix,
//! <html lang>, localStorage and the i18n_redirected cookie updated).
//!
//! Each language is named in its own script. Flags carry the name as the link's accessible name
//! only (no text is drawn, so no font is fetched for it); the list draws it, Thai and Khmer in a
//! font holding just those glyphs (fonts.css), so naming them never fetches whole Thai and
//! Khmer fonts.
import { useLocation, useSearch } from 'wouter';
import { showToast } from '../../../components/toast-store';
import { setLocale, useI18n } from '../../../i18n/i18n-store';
import { switchLocalePath } from '../../../lib/locale-path';
import './language-chooser.css';

export function LanguageChooser({ variant = 'flags', label }: { variant?: 'flags' | 'list'; label?: string }) {
  const { t, locale, languages } = useI18n();
  // Subscribing to the location and query keeps the hrefs on the current page.
  const [, navigate] = useLocation();
  useSearch();
  const targetOf = (code: (typeof languages)[number]['code']) =>
    switchLocalePath({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash }, code);
  const choose = async (event: MouseEvent, code: (typeof languages)[number]['code']) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const target = targetOf(code);
    try {
      const changed = await setLocale(code, { beforeApply: () => navigate(`~${target}`) });
      if (!changed) showToast(t('errors.requestFailed'), 'error');
    } catch {
      // Messages could not be fetched: let the server render the page in that language.
      window.location.assign(target);
    }
  };
  return (
    <nav class={`language-chooser language-chooser--${variant}`} aria-label={label ?? t('header.language')}>
      <ul>
        {languages.map((language) => (
          <li key={language.code}>
            <a
              href={targetOf(language.code)}
              hrefLang={language.htmlLang}
              lang={language.htmlLang}
              class="language-chooser__link"
              aria-current={language.code === locale ? 'true' : undefined}
              title={language.name}
              aria-label={variant === 'flags' ? language.name : undefined}
              data-locale={language.code}
              onClick={(event) => void choose(event as unknown as MouseEvent, language.code)}
            >
              <img src={`/static/flags/${language.flag}.svg`} alt="" width={24} height={16} class="language-chooser__flag" />
              {variant === 'list' && <span class="language-chooser__name">{language.name}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
