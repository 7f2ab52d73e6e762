import { ADDED_TRACK_LANGUAGES, type AddedAudioTrack, type MediaAsset } from '@app/contracts';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackLanguageName } from '@web/modules/movies/format';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { useAddSubtitles } from '../hooks/useMediaAsset';
import { AddAudioTrack } from './AddAudioTrack';
import { MediaFileField } from './MediaFileField';
import styles from './MediaSection.module.css';
import { TrackLanguageSelect } from './TrackLanguageSelect';

/** An added audio track on its way: its state, with the transcode's progress or why it failed. */
const audioState = (t: TFunction<'adminMovies'>, track: AddedAudioTrack): string => {
  switch (track.status) {
    case 'processing':
      return t('tracks.audioStates.processing', { percent: Math.round(track.progress) });
    case 'failed':
      return t('tracks.audioStates.failed', { reason: track.error ?? t('media.unknownFailure') });
    case 'queued':
    case 'ready':
      return t(`tracks.audioStates.${track.status}`);
  }
};

type MediaTracksProps = { movieId: string; asset: MediaAsset };

/**
 * A ready title's audio and subtitle tracks with their state (issue 26: an added audio track queued, processing,
 * ready or failed), the form that adds a language's subtitles (WebVTT or SRT, optionally marked CC), and the one
 * that adds an audio track. A refused file shows the server's reason.
 */
export const MediaTracks = ({ movieId, asset }: MediaTracksProps) => {
  const { t } = useTranslation('adminMovies');
  const headingId = useId();
  const languageId = useId();
  const formHeadingId = useId();
  const [language, setLanguage] = useState<(typeof ADDED_TRACK_LANGUAGES)[number]>(ADDED_TRACK_LANGUAGES[0]);
  const [cc, setCc] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const add = useAddSubtitles(movieId);
  // Ready ones are among the audio tracks already.
  const pendingAudio = asset.addedAudio.filter((track) => track.status !== 'ready');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) add.mutate({ file, language, cc });
  };

  return (
    <section aria-labelledby={headingId} className={styles.tracks}>
      <h4 id={headingId} className={styles.subheading}>
        {t('tracks.heading')}
      </h4>
      <dl className={styles.facts}>
        <dt>{t('tracks.audio')}</dt>
        <dd>
          {asset.audioTracks.length || pendingAudio.length
            ? [
                ...asset.audioTracks.map(
                  (track) =>
                    `${track.name}${track.isDefault ? ` (${t('tracks.defaultTrack')})` : ''} · ${t('tracks.ready')}`,
                ),
                ...pendingAudio.map((track) => `${track.name} · ${audioState(t, track)}`),
              ].join(', ')
            : t('tracks.none')}
        </dd>
        <dt>{t('tracks.subtitles')}</dt>
        <dd>
          {asset.subtitleTracks.length
            ? asset.subtitleTracks
                .map(
                  (track) =>
                    `${track.name}${track.cc && !track.name.endsWith(t('tracks.cc')) ? ` ${t('tracks.cc')}` : ''} · ${t('tracks.ready')}`,
                )
                .join(', ')
            : t('tracks.none')}
        </dd>
      </dl>
      <div className={styles.trackForms}>
        <form onSubmit={submit} className={styles.upload} aria-labelledby={formHeadingId}>
          <h5 id={formHeadingId} className={styles.formHeading}>
            {t('tracks.addSubtitles')}
          </h5>
          <label htmlFor={languageId} className={styles.label}>
            {t('tracks.language')}
          </label>
          <TrackLanguageSelect id={languageId} value={language} onChange={setLanguage} />
          <label className={styles.label}>
            <input type="checkbox" checked={cc} onChange={(event) => setCc(event.target.checked)} />{' '}
            {t('tracks.markCc')}
          </label>
          <MediaFileField
            label={t('tracks.file')}
            accept=".vtt,.srt,text/vtt"
            hint={t('tracks.fileHint')}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <div>
            <Button type="submit" variant="ghost" size="sm" disabled={!file || add.isPending}>
              {add.isPending ? t('tracks.adding') : t('tracks.addSubtitles')}
            </Button>
          </div>
          {add.isSuccess && (
            <p role="status" className={styles.muted}>
              {t('tracks.added', { language: trackLanguageName(add.variables.language) })}
            </p>
          )}
          {add.isError && (
            <p role="alert" className={styles.error}>
              {errorText(add.error, {
                fallback: () => t('tracks.addFailed'),
                network: t('tracks.addFailed'),
                showServerText: ({ status }) => status === 400 || status === 409,
              })}
            </p>
          )}
        </form>
        <AddAudioTrack movieId={movieId} />
      </div>
    </section>
  );
};
