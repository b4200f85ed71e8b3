//! A guest's contact at checkout: name, phone and e-mail (the order mail with the order's
//! secret link goes there), and the way to sign in instead, for coins and saved addresses.
import { Link } from 'wouter';
import type { Contact } from '../../../api/types';
import { FormField } from '../../../components/form-field';
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { LIMITS } from '../checkout-rules';
import type { CheckoutForm } from './use-checkout-form';

/** `onSignIn` runs before going to sign in (the app remembers to come back to checkout). */
export function ContactSection({ form, onSignIn }: { form: CheckoutForm; onSignIn?: () => void }) {
  const { t } = useI18n();
  const message = (field: keyof Contact) => {
    const problem = form.errorOf(`contact.${field}`);
    return problem ? t(problem.key, problem.params) : null;
  };
  return (
    <fieldset class="checkout-section" data-testid="guest-contact">
      <legend class="checkout-section__title">{t('guest.contactTitle')}</legend>
      <p class="guest-sign-in">
        <Icon name="coin" size={18} />
        <span>
          {t('guest.haveAccount')}{' '}
          <Link href="/user/login" onClick={onSignIn} data-testid="guest-sign-in">
            {t('guest.signInForCoins')}
          </Link>
        </span>
      </p>
      <div class="checkout-grid">
        <FormField
          id="contact-name"
          name="contact.name"
          label={t('guest.name')}
          value={form.contact.name}
          onValue={(value) => form.setContactField('name', value)}
          autoComplete="name"
          required
          maxLength={LIMITS.name}
          error={message('name')}
        />
        <FormField
          id="contact-phone"
          name="contact.phone"
          type="tel"
          inputMode="tel"
          label={t('checkout.phone')}
          hint={t('guest.phoneHint')}
          value={form.contact.phone}
          onValue={(value) => form.setContactField('phone', value)}
          autoComplete="tel"
          required
          maxLength={30}
          error={message('phone')}
        />
        <div class="checkout-grid__wide">
          <FormField
            id="contact-email"
            name="contact.email"
            type="email"
            inputMode="email"
            label={t('guest.email')}
            hint={t('guest.emailHint')}
            value={form.contact.email}
            onValue={(value) => form.setContactField('email', value)}
            autoComplete="email"
            required
            maxLength={254}
            error={message('email')}
          />
        </div>
      </div>
    </fieldset>
  );
}
