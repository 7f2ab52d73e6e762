import { type ChangeEvent, useId } from 'react';
import styles from './MediaSection.module.css';

type MediaFileFieldProps = {
  label: string;
  /** The input's `accept`: what the server takes for this kind of file. */
  accept: string;
  /** What the file must be, read out with the field. */
  hint: string;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** A file to upload on the admin's media forms (a video, subtitles, an audio track): its label, the input and its hint. */
export const MediaFileField = ({ label, accept, hint, disabled, onChange }: MediaFileFieldProps) => {
  const inputId = useId();
  const hintId = useId();
  return (
    <>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept={accept}
        className={styles.file}
        aria-describedby={hintId}
        disabled={disabled}
        onChange={onChange}
      />
      <p id={hintId} className={styles.muted}>
        {hint}
      </p>
    </>
  );
};
