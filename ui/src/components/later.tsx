//! Parts of the app's first render that wait for a task of their own: the footer, the side
//! menu, cards past the first row, related products. A phone spends hundreds of milliseconds
//! (Lighthouse's 4× slower CPU) rendering a whole page in one task, which blocks the first tap;
//! the server has already drawn what is above the fold, so what is below can come a moment later.
//! Only the first render defers (main.tsx turns it on): later pages render whole, as before.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

let deferring = false;

/** main.tsx, just before the first render: `Later` parts of that render come in tasks of their own. */
export function deferBelowTheFold(): void {
  deferring = true;
}

export function Later({ children }: { children: ComponentChildren }) {
  const [shown, setShown] = useState(!deferring);
  useEffect(() => {
    if (shown) return undefined;
    // After the first paint (effects run after it); one timer each, so one task each.
    const timer = window.setTimeout(() => {
      deferring = false;
      setShown(true);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [shown]);
  return shown ? <>{children}</> : null;
}
