//! Which admin menu entries a staff member sees: the role's menu document (docs/STOREFRONT.md §3),
//! without the pages the role's permissions do not open (a link that only leads to "no access" is a
//! trap), plus the pages the role may use that the document does not list yet (Staff for an owner).
//! Menu names are translated by their English name (`admin.menu.activityLog` for "Activity log").
import type { Permission } from '../../api/types';
import type { AdminMenuItem } from '../../api/types';

/** The staff pages this UI has, the permission each needs, and their menu entry. */
export const ADMIN_PAGES: { link: string; needs: Permission; item: AdminMenuItem }[] = [
  { link: '/admin/orders', needs: 'orders.read', item: { name: 'Orders', icon: 'package', link: '/admin/orders' } },
  { link: '/admin/customers', needs: 'customers.read', item: { name: 'Customers', icon: 'user', link: '/admin/customers' } },
  { link: '/admin/activity', needs: 'activity.read', item: { name: 'Activity log', icon: 'shield', link: '/admin/activity' } },
  { link: '/admin/staff', needs: 'staff.manage', item: { name: 'Staff', icon: 'key', link: '/admin/staff' } },
  { link: '/admin/insights', needs: 'reports.read', item: { name: 'Insights', icon: 'eye', link: '/admin/insights' } },
];

function linkPath(link: string): string {
  return link.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
}

function pageOf(link: string) {
  const path = linkPath(link);
  return ADMIN_PAGES.find((page) => path === page.link || path.startsWith(`${page.link}/`));
}

function allowed(item: AdminMenuItem, can: (permission: Permission) => boolean): AdminMenuItem | null {
  if (item.subMenus?.length) {
    const subMenus = item.subMenus.map((sub) => allowed(sub, can)).filter((sub): sub is AdminMenuItem => sub !== null);
    return subMenus.length ? { ...item, subMenus } : null;
  }
  const page = pageOf(item.link);
  return page && !can(page.needs) ? null : item;
}

function links(items: AdminMenuItem[]): string[] {
  return items.flatMap((item) => [linkPath(item.link), ...links(item.subMenus ?? [])]);
}

/**
 * The entries to show. `addPages` is false while the permissions are not known: nothing is added
 * then, and nothing is taken away either (`can` answers true).
 */
export function menuEntries(items: AdminMenuItem[], can: (permission: Permission) => boolean, addPages: boolean): AdminMenuItem[] {
  const kept = items.map((item) => allowed(item, can)).filter((item): item is AdminMenuItem => item !== null);
  if (!addPages) return kept;
  const present = new Set(links(kept));
  const extra = ADMIN_PAGES.filter((page) => can(page.needs) && !present.has(page.link)).map((page) => page.item);
  return [...kept, ...extra];
}

/** The message key of a menu name: "Activity log" → `admin.menu.activityLog`. */
export function menuMessageKey(name: string): string {
  const words = name
    .trim()
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return `admin.menu.${words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('')}`;
}
