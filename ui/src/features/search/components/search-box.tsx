//! The header search box: submits to /search or /searchcode under the current language, then clears.
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { searchTarget } from '../search-target';
import './search-box.css';

export function SearchBox() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const [value, setValue] = useState('');
  const id = useId();
  const submit = (event: Event) => {
    event.preventDefault();
    const target = searchTarget(value);
    if (!target) return;
    navigate(target);
    setValue('');
  };
  return (
    <form class="search-box" role="search" onSubmit={submit}>
      <label class="visually-hidden" for={id}>
        {t('header.searchLabel')}
      </label>
      <input
        id={id}
        class="search-box__input"
        type="search"
        name="keyword"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('header.searchPlaceholder')}
        value={value}
        onInput={(event) => setValue((event.currentTarget as HTMLInputElement).value)}
      />
      <button class="search-box__button" type="submit" aria-label={t('header.searchButton')}>
        <Icon name="search" size={20} />
      </button>
    </form>
  );
}
