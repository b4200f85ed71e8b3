//! The thin bar on top of the page that shows navigation and API work in progress.
import { useStore } from '../lib/create-store';
import { progress } from '../lib/progress';
import './progress-bar.css';

export function ProgressBar() {
  const { phase, failed } = useStore(progress);
  if (phase === 'idle') return null;
  return (
    <div
      class={`progress progress--${phase}${failed ? ' progress--failed' : ''}`}
      role="progressbar"
      aria-hidden="true"
    >
      <div class="progress__bar" />
    </div>
  );
}
