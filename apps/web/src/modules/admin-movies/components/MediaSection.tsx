import type { MediaAsset } from '@app/contracts';
import { type ChangeEvent, useId } from 'react';
import { formatPlaybackTime } from '@web/modules/player/format-time';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { FileTooLargeError, useMediaAsset, useMediaUpload, useRetryMedia } from '../hooks/useMediaAsset';
import { formatBytes, formatEta } from '../media-format';
import { adminMovieStrings } from '../strings';
import styles from './MediaSection.module.css';
import { MediaTracks } from './MediaTracks';

const t = adminMovieStrings.media;

const uploadFailedFor = (status: number): string => {
  if (status === 413) return t.tooLarge;
  return status === 400 ? t.notVideo : t.uploadFailed;
};

/** A 400 carries the server's reason the file is refused. */
const uploadError = (error: Error): string =>
  error instanceof FileTooLargeError
    ? t.tooLargeLimit(formatBytes(error.maxBytes))
    : errorText(error, {
        fallback: uploadFailedFor,
        network: t.uploadFailed,
        showServerText: ({ status }) => status === 400,
      });

const Result = ({ asset }: { asset: MediaAsset }) => {
  switch (asset.status) {
    case 'queued':
    case 'processing':
    case 'uploaded': {
      const percent = Math.round(asset.progress);
      return (
        <div className={styles.progress}>
          <progress max={100} value={percent} aria-label={t.processingProgress} />
          <span>{t.processing(percent, formatEta(asset.etaSeconds))}</span>
        </div>
      );
    }
    case 'ready':
      return (
        <dl className={styles.facts}>
          <dt>{t.renditions}</dt>
          <dd>{asset.renditions.join(', ')}</dd>
          {asset.durationSeconds !== null && (
            <>
              <dt>{t.duration}</dt>
              <dd>{formatPlaybackTime(asset.durationSeconds)}</dd>
            </>
          )}
          {asset.sourceName && (
            <>
              <dt>{t.source}</dt>
              <dd>{asset.sourceName}</dd>
            </>
          )}
        </dl>
      );
    case 'failed':
      return (
        <p role="alert" className={styles.error}>
          {asset.error ? t.failedBecause(asset.error) : t.unknownFailure}
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
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const asset = useMediaAsset(movieId);
  const upload = useMediaUpload(movieId);
  const retry = useRetryMedia(movieId);
  const status = asset.data?.status;
  const busy = upload.isPending || status === 'queued' || status === 'processing' || status === 'uploaded';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again after a failure must fire a change.
    event.target.value = '';
    if (file) upload.mutate(file);
  };

  const body = () => {
    if (asset.isPending)
      return (
        <p role="status" className={styles.muted}>
          {t.loading}
        </p>
      );
    if (asset.isError)
      return (
        <p role="alert" className={styles.error}>
          {t.loadFailed}
        </p>
      );
    return (
      <>
        <p className={styles.status}>
          <span className={styles.muted}>{t.status}:</span> <strong>{t.statuses[asset.data.status]}</strong>
        </p>
        <Result asset={asset.data} />
        {asset.data.status === 'ready' && <MediaTracks movieId={movieId} asset={asset.data} />}
        {asset.data.status === 'failed' && (
          <div>
            <Button variant="ghost" size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
              {retry.isPending ? t.retrying : t.retry}
            </Button>
            {retry.isError && (
              <p role="alert" className={styles.error}>
                {t.retryFailed}
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
        {t.heading}
      </h3>
      {body()}
      <div className={styles.upload}>
        <label htmlFor={inputId} className={styles.label}>
          {status === 'ready' ? t.replace : t.upload}
        </label>
        <input
          id={inputId}
          type="file"
          accept="video/*"
          className={styles.file}
          aria-describedby={hintId}
          disabled={busy}
          onChange={choose}
        />
        <p id={hintId} className={styles.muted}>
          {t.uploadHint}
        </p>
        {upload.isPending && (
          <div className={styles.progress} role="status">
            <progress max={100} value={Math.round(upload.progress * 100)} aria-label={t.uploadProgress} />
            <span>{t.uploading(Math.round(upload.progress * 100))}</span>
          </div>
        )}
        {upload.isError && (
          <p role="alert" className={styles.error}>
            {uploadError(upload.error)}
          </p>
        )}
      </div>
    </section>
  );
};
