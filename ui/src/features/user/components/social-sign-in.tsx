//! "Continue with Google / Facebook / LINE": one real link per configured provider (GET /api/auth/providers;
//! none configured → nothing shown). Following it is a full-page navigation to the server, which
//! runs the provider's sign-in and comes back to the page the visitor wanted (`next`).
import { Icon } from '../../../components/icon';
import { createResource, useResource } from '../../../lib/resource';
import { useI18n } from '../../../i18n/i18n-store';
import { getProviders, socialStartUrl } from '../api/get-providers';
import { providerName } from '../provider';
import { afterSignInPath, peekRedirect } from '../user-store';

/** Loaded once per page load: the configured providers do not change while the shop runs. */
export const providers = createResource(getProviders);

export function SocialSignIn() {
  const { t, locale } = useI18n();
  const state = useResource(providers);
  const list = state.data ?? [];
  if (list.length === 0) return null;
  const next = afterSignInPath(peekRedirect(), locale);
  return (
    <div class="social-sign-in">
      <p class="social-sign-in__or">
        <span>{t('user.orContinueWith')}</span>
      </p>
      <ul class="social-sign-in__list">
        {list.map((provider) => (
          <li key={provider}>
            <a class={`button social-button social-button--${provider}`} href={socialStartUrl(provider, next)}>
              <Icon name={provider} size={20} />
              <span>{t('user.continueWith', { provider: providerName(provider) })}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
