//! The note over search results when no product held every word of the keyword: which words
//! found nothing, and that the products shown hold the others (`unmatchedWords`,
//! docs/PERFORMANCE.md "Search on unseen queries").
import { useI18n } from '../../i18n/i18n-store';

type UnmatchedNoteProps = { words?: string[] };

export function UnmatchedNote({ words }: UnmatchedNoteProps) {
  const { t } = useI18n();
  if (!words?.length) return null;
  const [before, after = ''] = t('search.unmatchedNote', { words: '\u0000' }).split('\u0000');
  return (
    <p class="listing__corrected listing__unmatched" role="status">
      {before}
      <em>{words.join(' ')}</em>
      {after}
    </p>
  );
}
