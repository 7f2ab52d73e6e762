import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import a11y from './a11y.module.css';
import { modalLayer } from './modal-layer';
import styles from './Modal.module.css';

type ModalProps = {
  title: string;
  /** Visually hides the heading when the content shows its own title. */
  hideTitle?: boolean;
  onClose: () => void;
  closeLabel?: string;
  size?: 'sm' | 'lg';
  children: ReactNode;
};

/**
 * A modal dialog on the native <dialog>: showModal() puts it in the top layer and makes the rest of the
 * page inert, so focus stays inside. Escape (the dialog's cancel) and a click on the backdrop close it;
 * focus returns where it was, and the page behind does not scroll.
 */
export const Modal = ({
  title,
  hideTitle = false,
  onClose,
  closeLabel,
  size = 'lg',
  children,
}: ModalProps) => {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    modalLayer.opened(element);
    // The dialog itself takes focus first, as the old panel did: the close button is not the first thing read.
    element.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      element.close();
      modalLayer.closed(element);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={`${styles.dialog} ${styles[size]}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(event) => {
        // The parent decides: it unmounts the modal, which closes the dialog.
        event.preventDefault();
        onClose();
      }}
      // A click whose target is the dialog itself landed on its ::backdrop (the content fills the box).
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className={styles.content}>
        <button
          type="button"
          className={styles.close}
          aria-label={closeLabel ?? t('close')}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={titleId} className={hideTitle ? a11y.visuallyHidden : styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
};
