//! A menu entry that opens a list of links: a real button with aria-expanded; closes on Escape,
//! on a click outside and after a link inside is followed. Hover opens it too on wide screens (CSS).
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from './icon';

type SubMenuProps = { label: string; icon?: string; badge?: ComponentChildren; children: ComponentChildren; class?: string };

export function SubMenu({ label, icon, badge, children, class: className }: SubMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const onClickInside = (event: Event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  };
  return (
    <li ref={root} class={`menu__item menu__item--parent${open ? ' is-open' : ''}${className ? ` ${className}` : ''}`}>
      <button type="button" class="menu__link" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {icon ? <Icon name={icon} size={18} /> : null}
        <span>{label}</span>
        {badge}
        <Icon name="chevron-down" size={16} class="menu__chevron" />
      </button>
      <ul id={id} class="menu__sub" onClick={onClickInside}>
        {children}
      </ul>
    </li>
  );
}

type MenuLinkProps = { href: string; icon?: string; children: ComponentChildren };

/** A plain external link inside a menu (opens in a new tab, without handing over `window.opener`). */
export function ExternalMenuLink({ href, icon, children }: MenuLinkProps) {
  return (
    <li class="menu__item">
      <a class="menu__link" href={href} target="_blank" rel="noopener noreferrer">
        {icon ? <Icon name={icon} size={18} /> : null}
        <span>{children}</span>
      </a>
    </li>
  );
}
