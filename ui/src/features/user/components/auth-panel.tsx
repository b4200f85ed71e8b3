//! The frame of the account pages: a centred card with the page title and an optional lead.
import type { ComponentChildren } from 'preact';
import { Icon, type IconName } from '../../../components/icon';
import { useDocumentTitle } from '../../../lib/document-title';
import './account-forms.css';

type AuthPanelProps = { title: string; lead?: string; icon: IconName; children: ComponentChildren; footer?: ComponentChildren };

export function AuthPanel({ title, lead, icon, children, footer }: AuthPanelProps) {
  useDocumentTitle(title);
  return (
    <section class="auth-page">
      <div class="card auth-card">
        <header class="auth-card__header">
          <span class="auth-card__icon">
            <Icon name={icon} size={26} />
          </span>
          <h1 class="page__title auth-card__title">{title}</h1>
          {lead ? <p class="auth-card__lead">{lead}</p> : null}
        </header>
        {children}
      </div>
      {footer ? <p class="auth-page__footer">{footer}</p> : null}
    </section>
  );
}
