import {
  type AddAudioTrackRequest,
  type AddSubtitlesRequest,
  errorCodeForStatus,
  type MediaAsset,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';
import { isApiErrorBody } from '@web/shared/api/api-error-body';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { config } from '@web/shared/config/config';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The upload URL is a path on the gateway's origin (`/stream/upload/…`), like every API path. */
const absolute = (url: string) => (url.startsWith('/') ? `${config.apiBaseUrl}${url}` : url);

/** A title's media for admins (issue 10): status and transcode progress, upload, retry. */
export const adminMediaApi = {
  asset: (client: ApiClient, movieId: string, signal?: AbortSignal) =>
    client.call('GET /api/admin/media/{id}', { params: { id: movieId } }, { signal }),
  uploadTicket: (client: ApiClient, movieId: string) =>
    client.call('POST /api/admin/media/{id}/upload', { params: { id: movieId } }),
  retry: (client: ApiClient, movieId: string) =>
    client.call('POST /api/admin/media/{id}/retry', { params: { id: movieId } }),
  /** A subtitle file's text for one language (issue 26); 400 with the reason when it is not WebVTT or SRT. */
  addSubtitles: (client: ApiClient, movieId: string, body: AddSubtitlesRequest) =>
    client.call('POST /api/admin/media/{id}/subtitles', { params: { id: movieId }, body }),
  /** An upload link for an audio track in one language (issue 26); 409 when the language is heard already. */
  audioUploadTicket: (client: ApiClient, movieId: string, body: AddAudioTrackRequest) =>
    client.call('POST /api/admin/media/{id}/audio', { params: { id: movieId }, body }),
  /**
   * PUTs the file to the ticket's URL with XMLHttpRequest, whose upload progress events fetch does not offer.
   * The body streams from disk; 202 answers the asset (queued), 413 too large, 400 not a video (or not a fitting
   * audio track).
   */
  upload: (uploadUrl: string, file: File, onProgress: (fraction: number) => void) =>
    new Promise<MediaAsset>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('PUT', absolute(uploadUrl));
      request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
      request.addEventListener('load', () => {
        const body = parse(request.responseText);
        if (request.status >= 200 && request.status < 300) {
          resolve(body as MediaAsset);
          return;
        }
        reject(
          isApiErrorBody(body)
            ? new ApiRequestError(request.status, body)
            : new ApiRequestError(
                request.status,
                {
                  code: errorCodeForStatus(request.status),
                  message: request.statusText || `Upload failed with status ${request.status}`,
                  correlationId: '',
                },
                false,
              ),
        );
      });
      request.addEventListener('error', () => reject(new Error('Upload failed')));
      request.send(file);
    }),
} as const;
