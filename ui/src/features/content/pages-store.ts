//! Content pages (docs/STOREFRONT.md §3 `pages`): the list is loaded once; each page once when
//! first shown.
import { createResource, createResourceMap } from '../../lib/resource';
import { getPage } from './api/get-page';
import { listPages } from './api/list-pages';

export const pages = createResource(listPages);
export const pageByName = createResourceMap((name) => getPage(name));

// The splitter is shared with product descriptions; content pages keep importing it from here.
export { paragraphs } from '../../lib/text';
