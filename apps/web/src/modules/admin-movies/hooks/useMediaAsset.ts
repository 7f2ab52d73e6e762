import type { AssetStatus, MediaAsset } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminMediaApi } from '../api/admin-media.api';
import { adminMovieKeys } from './admin-movies-keys';

/** While the pipeline works on a file, the admin sees its progress refresh this often. */
export const MEDIA_POLL_MS = 2_000;
const working: ReadonlySet<AssetStatus> = new Set<AssetStatus>(['uploaded', 'queued', 'processing']);

/** A title's media: status, live transcode progress (polled while it runs), the result or why it failed. */
export const useMediaAsset = (movieId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: adminMovieKeys.asset(movieId),
    queryFn: ({ signal }) => adminMediaApi.asset(client, movieId, signal),
    refetchInterval: (query) =>
      query.state.data && working.has(query.state.data.status) ? MEDIA_POLL_MS : false,
  });
};

/** A file over the ticket's size limit, refused before it is sent. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super('File too large');
    this.name = 'FileTooLargeError';
  }
}

/** Uploads a video for a title (a ticket, then the file itself) with its progress from 0 to 1. */
export const useMediaUpload = (movieId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      setProgress(0);
      const ticket = await adminMediaApi.uploadTicket(client, movieId);
      // Refused here rather than after sending gigabytes the server would refuse too.
      if (file.size > ticket.maxBytes) throw new FileTooLargeError(ticket.maxBytes);
      return adminMediaApi.upload(ticket.uploadUrl, file, setProgress);
    },
    onSuccess: (asset: MediaAsset) => queryClient.setQueryData(adminMovieKeys.asset(movieId), asset),
  });
  return { ...mutation, progress };
};

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
