//! The category tree as nested links; parents open and close with a button, and the branch of
//! the current category starts open.
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CategoryNode } from '../../../api/types';
import { Icon } from '../../../components/icon';
import { useI18n, pickText } from '../../../i18n/i18n-store';
import { categoryPath } from '../catalog-store';

type TreeProps = { nodes: CategoryNode[]; openKeys: Set<string>; depth?: number };

function TreeNode({ node, openKeys, depth }: { node: CategoryNode; openKeys: Set<string>; depth: number }) {
  const { t, locale } = useI18n();
  const [location] = useLocation();
  const children = node.children ?? [];
  const [open, setOpen] = useState(openKeys.has(node.key));
  const href = categoryPath(node);
  const title = pickText(node.title, locale);
  return (
    <li class={`tree__node tree__node--depth-${Math.min(depth, 3)}`}>
      <div class="tree__row">
        <Link href={href} class="tree__link" aria-current={location === href ? 'page' : undefined}>
          {title}
        </Link>
        {children.length > 0 ? (
          <button
            type="button"
            class="tree__toggle"
            aria-expanded={open}
            aria-label={`${title}: ${t('categories.showSubcategories')}`}
            onClick={() => setOpen(!open)}
          >
            <Icon name="chevron-down" size={16} />
          </button>
        ) : null}
      </div>
      {children.length > 0 && open ? <CategoryTree nodes={children} openKeys={openKeys} depth={depth + 1} /> : null}
    </li>
  );
}

export function CategoryTree({ nodes, openKeys, depth = 0 }: TreeProps) {
  return (
    <ul class={`tree${depth === 0 ? ' tree--root' : ''}`}>
      {nodes.map((node) => (
        <TreeNode key={node.key} node={node} openKeys={openKeys} depth={depth} />
      ))}
    </ul>
  );
}
