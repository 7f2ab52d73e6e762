import type { Readable, Writable } from 'node:stream';

/** Bytes of a stored file, whole or a range (inclusive `end`, as HTTP ranges are). */
export type ReadOptions = { start?: number; end?: number };

/**
 * Where media files live: one small interface so the local directory (default: `.data/media` for `npm start`,
 * a temp dir in tests) can be swapped for S3-compatible object storage without touching callers. Keys are
 * `/`-separated relative paths (see media-layout.ts); implementations refuse keys that escape their root.
 */
export type MediaStore = {
  /** Size in bytes, or null when the key does not exist. */
  size(key: string): Promise<number | null>;
  read(key: string, options?: ReadOptions): Readable;
  /** A stream that writes the key; the file appears only once the stream finished (write to a temp name, then rename). */
  write(key: string): Writable;
  /** Every key under a prefix (a "directory"), for clean-up and checks. */
  list(prefix: string): Promise<string[]>;
  /** Removes a key or everything under a prefix; no error when nothing is there. */
  remove(prefixOrKey: string): Promise<void>;
  /** A local filesystem path for the key when the store has one (ffmpeg reads and writes files); null for object storage. */
  localPath(key: string): string | null;
};

export const MEDIA_STORE = Symbol('MEDIA_STORE');
