//! The visible password rule under a new-password field, each part ticked as it is met.
import { Icon } from '../../../components/icon';
import { useI18n } from '../../../i18n/i18n-store';
import { passwordChecks } from '../account-rules';

export function PasswordRule({ password }: { password: string }) {
  const { t } = useI18n();
  const checks = passwordChecks(password);
  const parts = [
    { met: checks.length, text: t('user.ruleLength') },
    { met: checks.uncommon, text: t('user.ruleCommon') },
  ];
  return (
    <ul class="password-rule">
      {parts.map((part) => (
        <li key={part.text} class={part.met ? 'password-rule__item is-met' : 'password-rule__item'}>
          <Icon name={part.met ? 'check' : 'dot'} size={16} />
          <span>{part.text}</span>
          {part.met ? <span class="visually-hidden"> ({t('user.ruleMet')})</span> : null}
        </li>
      ))}
    </ul>
  );
}
