//! Keeps document.title in step with client-side navigation, in the server's format ("Page | kiosk";
//! 'kiosk' alone for the home page, docs/STOREFRONT.md §1). The first page keeps the title the
//! server wrote.
import { useEffect } from 'react';

export const SITE_TITLE = 'kiosk';

const initialHref = typeof window === 'undefined' ? '' : window.location.href;
let leftInitialPage = false;

export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} | ${SITE_TITLE}` : SITE_TITLE;
}

export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    if (!leftInitialPage && window.location.href === initialHref) return;
    leftInitialPage = true;
    document.title = documentTitle(title);
  }, [title]);
}
