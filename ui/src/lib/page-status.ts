//! The status of the page being shown: a page that finds it does not exist (or fails) switches the
//! app to the error screen for the current URL only; navigating elsewhere clears it.
import { createStore } from './create-store';

export type PageStatus = { status: number; detail?: string; href: string } | null;

export const pageStatus = createStore<PageStatus>(null);

export function currentHref(): string {
  return window.location.pathname + window.location.search;
}

export function setPageStatus(status: number, detail?: string, href: string = currentHref()): void {
  pageStatus.set({ status, detail, href });
}
