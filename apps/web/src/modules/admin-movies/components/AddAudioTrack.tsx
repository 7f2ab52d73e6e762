import { ADDED_TRACK_LANGUAGES, type AddAudioTrackRequest } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackLanguageName } from '@web/modules/movies/format';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { controlClass } from '@web/shared/ui/control';
import { FileTooLargeError, useAddAudioTrack } from '../hooks/useMediaAsset';
import { formatBytes } from '../media-format';
import { MediaFileField } from './MediaFileField';
import styles from './MediaSection.module.css';
import { TrackLanguageSelect } from './TrackLanguageSelect';

type Language = AddAudioTrackRequest['language'];

/**
 * The form that adds an audio track (a dub) to a title or an episode (issue 26): a language, an optional name for
 * the player's menu and the file, sent with its progress; the track's state then shows in the list above (polled
 * while it is processed). A refused file or a language heard already shows the server's reason.
 */
export const AddAudioTrack = ({ movieId }: { movieId: string }) => {
  const { t } = useTranslation('adminMovies');
  const languageId = useId();
  const labelId = useId();
  const headingId = useId();
  const [language, setLanguage] = useState<Language>(ADDED_TRACK_LANGUAGES[0]);
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const add = useAddAudioTrack(movieId);
  const percent = Math.round(add.progress * 100);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) add.mutate({ file, language, label: label.trim() || undefined });
  };

  return (
    <form onSubmit={submit} className={styles.upload} aria-labelledby={headingId}>
      <h5 id={headingId} className={styles.formHeading}>
        {t('tracks.addAudio')}
      </h5>
      <label htmlFor={languageId} className={styles.label}>
        {t('tracks.language')}
      </label>
      <TrackLanguageSelect id={languageId} value={language} onChange={setLanguage} />
      <label htmlFor={labelId} className={styles.label}>
        {t('tracks.audioLabel')}
      </label>
      <input
        id={labelId}
        className={controlClass({ size: 'sm' })}
        maxLength={60}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
      />
      <MediaFileField
        label={t('tracks.audioFile')}
        accept="audio/*,.m4a,.mp3,.aac,.wav,.opus,.ogg,.flac"
        hint={t('tracks.audioHint')}
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <div>
        <Button type="submit" variant="ghost" size="sm" disabled={!file || add.isPending}>
          {t('tracks.addAudio')}
        </Button>
      </div>
      {add.isPending && (
        <div className={styles.progress} role="status">
          <progress max={100} value={percent} aria-label={t('tracks.audioUploadProgress')} />
          <span>{t('tracks.uploadingAudio', { percent })}</span>
        </div>
      )}
      {add.isSuccess && (
        <p role="status" className={styles.muted}>
          {t('tracks.audioUploaded', { language: trackLanguageName(add.variables.language) })}
        </p>
      )}
      {add.isError && (
        <p role="alert" className={styles.error}>
          {add.error instanceof FileTooLargeError
            ? t('media.tooLargeLimit', { limit: formatBytes(add.error.maxBytes) })
            : errorText(add.error, {
                fallback: () => t('tracks.audioFailed'),
                network: t('tracks.audioFailed'),
                showServerText: ({ status }) => status === 400 || status === 409 || status === 413,
              })}
        </p>
      )}
    </form>
  );
};
