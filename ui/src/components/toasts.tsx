//! The toast stack; screen readers hear each message through a polite live region.
import { useStore } from '../lib/create-store';
import { toasts } from './toast-store';
import './toasts.css';

export function Toasts() {
  const list = useStore(toasts);
  return (
    <div class="toasts" role="status" aria-live="polite">
      {list.map((toast) => (
        <div key={toast.id} class={`toast toast--${toast.kind}`}>
          {toast.message}
        </div>
      ))}
    </div>
  );
}
