//! Rendered by a page that finds its subject does not exist (or failed to load): the app then
//! shows the error screen in the clean layout for this URL.
import { useLayoutEffect } from 'react';
import { setPageStatus } from '../lib/page-status';

export function ErrorStatus({ status, detail }: { status: number; detail?: string }) {
  useLayoutEffect(() => {
    setPageStatus(status, detail);
  }, [status, detail]);
  return null;
}
