//! An honest "nothing here" panel with an icon, a message and optional actions.
import type { ComponentChildren } from 'preact';
import { Icon, type IconName } from './icon';

type EmptyStateProps = { icon: IconName; title: string; text?: string; children?: ComponentChildren };

export function EmptyState({ icon, title, text, children }: EmptyStateProps) {
  return (
    <div class="empty-state">
      <span class="empty-state__icon">
        <Icon name={icon} size={36} />
      </span>
      <p class="empty-state__title">{title}</p>
      {text ? <p class="empty-state__text">{text}</p> : null}
      {children ? <div class="empty-state__actions">{children}</div> : null}
    </div>
  );
}
