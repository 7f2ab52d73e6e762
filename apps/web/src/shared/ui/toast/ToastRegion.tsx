import { createPortal } from 'react-dom';
import { useTopModal } from '../modal-layer';
import type { Toast } from './useToasts';
import styles from './ToastRegion.module.css';

type ToastRegionProps = { toasts: Toast[]; onDismiss: (id: number) => void; dismissLabel?: string };

/**
 * Announces messages without stealing focus: errors as alerts, the rest politely. Both live regions are
 * always in the page so screen readers notice what is added to them.
 */
export const ToastRegion = ({ toasts, onDismiss, dismissLabel = 'Dismiss' }: ToastRegionProps) => {
  const openModal = useTopModal();
  const render = (toast: Toast) => (
    <li key={toast.id} className={`${styles.toast} ${styles[toast.tone]}`}>
      <span className={styles.message}>{toast.message}</span>
      <button
        type="button"
        className={styles.close}
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </li>
  );
  const region = (
    <div className={styles.region}>
      <ul role="alert" className={styles.list}>
        {toasts.filter((toast) => toast.tone === 'error').map(render)}
      </ul>
      <ul role="status" className={styles.list}>
        {toasts.filter((toast) => toast.tone !== 'error').map(render)}
      </ul>
    </div>
  );
  // An open modal <dialog> sits in the top layer and makes the rest of the page inert: a message about
  // what happened in it (a failed save that keeps the form open) is shown and announced from inside it.
  return openModal ? createPortal(region, openModal) : region;
};
