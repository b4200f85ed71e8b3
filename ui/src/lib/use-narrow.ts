//! Whether the screen is phone-sized (docs/STOREFRONT.md §9: 700 px and below), following the
//! window as it changes.
import { useEffect, useState } from 'react';

const NARROW = '(max-width: 700px)';

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(NARROW);
    const onChange = () => setNarrow(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
