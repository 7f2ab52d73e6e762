import type { MediaAsset } from '@app/contracts';
import type { TFunction } from 'i18next';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlaybackTime } from '@web/modules/player/format-time';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { FileTooLargeError, useMediaAsset, useMediaUpload, useRetryMedia } from '../hooks/useMediaAsset';
import { formatBytes, formatEta } from '../media-format';
import { MediaFileField } from './MediaFileField';
import styles from './MediaSection.module.css';
import { MediaTracks } from './MediaTracks';

type T = TFunction<'adminMovies'>;

const uploadFailedFor = (t: T, status: number): string => {
  if (status === 413) return t('media.tooLarge');
  return status === 400 ? t('media.notVideo') : t('media.uploadFailed');
};

/** A 400 carries the server's reason the file is refused. */
const uploadError = (t: T, error: Error): string =>
  error instanceof FileTooLargeError
    ? t('media.tooLargeLimit', { limit: formatBytes(error.maxBytes) })
    : errorText(error, {
        fallback: (status) => uploadFailedFor(t, status),
        network: t('media.uploadFailed'),
        showServerText: ({ status }) => status === 400,
      });

const Result = ({ asset }: { asset: MediaAsset }) => {
  const { t } = useTranslation('adminMovies');
  switch (asset.status) {
    case 'queued':
    case 'processing':
    case 'uploaded': {
      const percent = Math.round(asset.progress);
      const eta = formatEta(t, asset.etaSeconds);
      return (
        <div className={styles.progress}>
          <progress max={100} value={percent} aria-label={t('media.processingProgress')} />
          <span>{eta ? t('media.processingEta', { percent, eta }) : t('media.processing', { percent })}</span>
        </div>
      );
    }
    case 'ready':
      return (
        <dl className={styles.facts}>
          <dt>{t('media.renditions')}</dt>
          <dd>{asset.renditions.join(', ')}</dd>
          {asset.durationSeconds !== null && (
            <>
              <dt>{t('media.duration')}</dt>
              <dd>{formatPlaybackTime(asset.durationSeconds)}</dd>
            </>
          )}
          {asset.sourceName && (
            <>
              <dt>{t('media.source')}</dt>
              <dd>{asset.sourceName}</dd>
            </>
          )}
        </dl>
      );
    case 'failed':
      return (
        <p role="alert" className={styles.error}>
          {asset.error ? t('media.failedBecause', { reason: asset.error }) : t('media.unknownFailure')}
        </p>
      );
    case 'none':
      return null;
  }
};

type MediaSectionProps = { movieId: string };

/**
 * A title's video on the admin dashboard (issue 10): its status, Upload video with the upload's progress,
 * then the transcode's progress and ETA (polled every 2 s), the result, or why it failed with Retry.
 */
export const MediaSection = ({ movieId }: MediaSectionProps) => {
  const { t } = useTranslation('adminMovies');
  const headingId = useId();
  const asset = useMediaAsset(movieId);
  const upload = useMediaUpload(movieId);
  const retry = useRetryMedia(movieId);
  const status = asset.data?.status;
  const busy = upload.isPending || status === 'queued' || status === 'processing' || status === 'uploaded';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a failure must fire a change.
    event.target.value = '';
    if (file) upload.mutate({ file });
  };

  const body = () => {
    if (asset.isPending)
      return (
        <p role="status" className={styles.muted}>
          {t('media.loading')}
        </p>
      );
    if (asset.isError)
      return (
        <p role="alert" className={styles.error}>
          {t('media.loadFailed')}
        </p>
      );
    return (
      <>
        <p className={styles.status}>
          <span className={styles.muted}>{t('media.status')}:</span>{' '}
          <strong>{t(`media.statuses.${asset.data.status}`)}</strong>
        </p>
        <Result asset={asset.data} />
        {asset.data.status === 'ready' && <MediaTracks movieId={movieId} asset={asset.data} />}
        {asset.data.status === 'failed' && (
          <div>
            <Button variant="ghost" size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
              {retry.isPending ? t('media.retrying') : t('media.retry')}
            </Button>
            {retry.isError && (
              <p role="alert" className={styles.error}>
                {t('media.retryFailed')}
              </p>
            )}
          </div>
        )}
      </>
    );
  };

  return (
    <section className={styles.media} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('media.heading')}
      </h3>
      {body()}
      <div className={styles.upload}>
        <MediaFileField
          label={status === 'ready' ? t('media.replace') : t('media.upload')}
          accept="video/*"
          hint={t('media.uploadHint')}
          disabled={busy}
          onChange={choose}
        />
        {upload.isPending && (
          <div className={styles.progress} role="status">
            <progress
              max={100}
              value={Math.round(upload.progress * 100)}
              aria-label={t('media.uploadProgress')}
            />
            <span>{t('media.uploading', { percent: Math.round(upload.progress * 100) })}</span>
          </div>
        )}
        {upload.isError && (
          <p role="alert" className={styles.error}>
            {uploadError(t, upload.error)}
          </p>
        )}
      </div>
    </section>
  );
};
