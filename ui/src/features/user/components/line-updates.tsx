//! "Order updates on LINE": for a shopper signed in with LINE, a switch between order news in LINE
//! chat (the default once they are the shop's LINE friend) and e-mail. Saved at once; the switch
//! goes back and the reason shows when the save fails. Other accounts see nothing.
import { useState } from 'react';
import { useStore } from '../../../lib/create-store';
import { useI18n } from '../../../i18n/i18n-store';
import type { MessageKey } from '../../../i18n/types';
import { putLineUpdates } from '../api/put-line-updates';
import { userinfo } from '../user-store';
import './line-updates.css';

export function LineUpdatesToggle() {
  const { t } = useI18n();
  const state = useStore(userinfo);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<MessageKey | null>(null);
  const user = state.status === 'signedIn' ? state.user : null;
  if (!user || user.provider !== 'line') return null;
  const on = user.userInfo?.lineUpdates !== false;
  const friend = user.userInfo?.lineFriend === true;

  const change = (next: boolean) => {
    setBusy(true);
    setNote(null);
    putLineUpdates(user, next).then(
      (info) => {
        userinfo.set((current) =>
          current.user ? { ...current, user: { ...current.user, userInfo: { ...(current.user.userInfo ?? { id: current.user.id }), ...info } } } : current,
        );
        setNote('user.lineUpdatesSaved');
        setBusy(false);
      },
      () => {
        setNote('errors.requestFailed');
        setBusy(false);
      },
    );
  };

  return (
    <div class="card line-updates" data-testid="line-updates">
      <label class="line-updates__switch">
        <input type="checkbox" role="switch" checked={on} disabled={busy} onChange={(event) => change(event.currentTarget.checked)} />
        <span class="line-updates__label">{t('user.lineUpdatesLabel')}</span>
      </label>
      <p class="line-updates__hint">{t('user.lineUpdatesHint')}</p>
      {on && !friend ? <p class="line-updates__hint line-updates__hint--warn">{t('user.lineUpdatesNotFriend')}</p> : null}
      <p class="line-updates__note" role="status" aria-live="polite">
        {note ? t(note) : ''}
      </p>
    </div>
  );
}
