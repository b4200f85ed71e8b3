//! The sign-in provider of an account as the header and the account tab show it.
import { t } from '../../i18n/i18n-store';

export function providerIcon(provider: string | null | undefined): string {
  return provider === 'google' || provider === 'facebook' || provider === 'line' ? provider : 'user';
}

/** Brand names stay as they are; a local account reads "username and password". */
export function providerName(provider: string | null | undefined): string {
  if (provider === 'google') return 'Google';
  if (provider === 'facebook') return 'Facebook';
  if (provider === 'line') return 'LINE';
  return t('user.providerLocal');
}
