import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { CaptionStyleFields } from '@web/modules/profiles/components/CaptionStyleFields';
import { useCaptionStyle } from '@web/modules/profiles/hooks/useCaptionStyle';
import styles from './PlayerSurface.module.css';

/**
 * The player's subtitle style menu (issue 26): a button on the control bar opening the profile's size, colour and
 * background choices, each saved to the profile as it is made. Escape closes it and gives focus back to the button.
 * The player's keys leave its lists and button alone (usePlayerKeys: typing and buttons keep their keys).
 */
export const CaptionStyleMenu = () => {
  const { t } = useTranslation('profiles');
  const { style, save, failed } = useCaptionStyle();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className={styles.captionStyle} onKeyDown={closeOnEscape}>
      <button
        ref={button}
        type="button"
        className={styles.captionStyleButton}
        aria-label={t('captions.legend')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <path d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm2 9v2h7v-2H6Zm9 0v2h3v-2h-3ZM6 10v2h3v-2H6Zm5 0v2h7v-2h-7Z" />
        </svg>
      </button>
      <div id={panelId} className={styles.captionPanel} hidden={!open}>
        <FormAlert tone="error" message={failed ? t('captions.failed') : null} />
        <CaptionStyleFields value={style} onChange={save} />
      </div>
    </div>
  );
};
