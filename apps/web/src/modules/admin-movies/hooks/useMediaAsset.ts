import type { AddAudioTrackRequest, AssetStatus, MediaAsset, UploadTicket } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '@web/shared/api/api-client';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminMediaApi } from '../api/admin-media.api';
import { adminMovieKeys } from './admin-movies-keys';

/** While the pipeline works on a file, the admin sees its progress refresh this often. */
export const MEDIA_POLL_MS = 2_000;
const working: ReadonlySet<AssetStatus> = new Set<AssetStatus>(['uploaded', 'queued', 'processing']);

/** A job runs: the video's, or an added audio track's. */
const isWorking = (asset: MediaAsset) =>
  working.has(asset.status) ||
  asset.addedAudio.some((track) => track.status === 'queued' || track.status === 'processing');

/**
 * A title's media: status, live transcode progress (polled while a job runs, the video's or an added audio
 * track's), the result or why it failed.
 */
export const useMediaAsset = (movieId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: adminMovieKeys.asset(movieId),
    queryFn: ({ signal }) => adminMediaApi.asset(client, movieId, signal),
    refetchInterval: (query) => (query.state.data && isWorking(query.state.data) ? MEDIA_POLL_MS : false),
  });
};

/** A file over the ticket's size limit, refused before it is sent. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super('File too large');
    this.name = 'FileTooLargeError';
  }
}

/**
 * Sends a file on an upload link (a ticket `ticketFor` asks for, then the file itself) with its progress from 0 to
 * 1; the answer, the title's media with the file queued, replaces the cached one.
 */
const useTicketedUpload = <V extends { file: File }>(
  movieId: string,
  ticketFor: (client: ApiClient, variables: V) => Promise<UploadTicket>,
) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: async (variables: V) => {
      setProgress(0);
      const ticket = await ticketFor(client, variables);
      // Refused here rather than after sending gigabytes the server would refuse too.
      if (variables.file.size > ticket.maxBytes) throw new FileTooLargeError(ticket.maxBytes);
      return adminMediaApi.upload(ticket.uploadUrl, variables.file, setProgress);
    },
    onSuccess: (asset: MediaAsset) => queryClient.setQueryData(adminMovieKeys.asset(movieId), asset),
  });
  return { ...mutation, progress };
};

/** Uploads a video for a title (a ticket, then the file itself) with its progress from 0 to 1. */
export const useMediaUpload = (movieId: string) =>
  useTicketedUpload(movieId, (client) => adminMediaApi.uploadTicket(client, movieId));

/** Adds an audio track (a dub) in one language from a chosen file, with the upload's progress (issue 26). */
export const useAddAudioTrack = (movieId: string) =>
  useTicketedUpload(movieId, (client, { language, label }: AddAudioTrackRequest & { file: File }) =>
    adminMediaApi.audioUploadTicket(client, movieId, { language, ...(label ? { label } : {}) }),
  );

/** A chosen file's text (FileReader: every browser, and jsdom, which has no Blob.text). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result)));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('The file could not be read')));
    reader.readAsText(file);
  });

/** Adds (or replaces) a language's subtitles from a chosen file (issue 26). */
export const useAddSubtitles = (movieId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, language, cc }: { file: File; language: string; cc: boolean }) =>
      adminMediaApi.addSubtitles(client, movieId, { language, cc, file: await readText(file) }),
    onSuccess: (asset) => queryClient.setQueryData(adminMovieKeys.asset(movieId), asset),
  });
};

/** Runs a failed job again. */
export const useRetryMedia = (movieId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminMediaApi.retry(client, movieId),
    onSuccess: (asset) => queryClient.setQueryData(adminMovieKeys.asset(movieId), asset),
  });
};
