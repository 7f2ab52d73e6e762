import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** Bytes of a stored file, whole or a range (inclusive `end`, as HTTP ranges are). */
export type ReadOptions = { start?: number; end?: number };

/** What a store knows of a stored file without reading it. */
export type StoredObject = {
  size: number;
  /** A strong validator of the bytes (quoted, as HTTP wants it), when the store keeps one (object storage). */
  etag: string | null;
  modifiedAt: Date | null;
};

/** A fresh local directory for work on files; `dispose` removes it and whatever is left in it. */
export type Scratch = { dir: string; dispose(): Promise<void> };

export class MediaKeyError extends Error {
  constructor(key: string) {
    super(`media key ${JSON.stringify(key)} is not a path inside the media store`);
    this.name = 'MediaKeyError';
  }
}

/**
 * A key in its one spelling (`a//b/./c/` → `a/b/c`); refuses keys that are empty, absolute, use `\` or NUL, or
 * resolve outside the store (`..`). Object storage has no directories to resolve, so this is its only guard.
 */
export const normaliseKey = (key: string): string => {
  if (!key || key.includes('\0') || key.includes('\\') || key.startsWith('/')) throw new MediaKeyError(key);
  const normal = path.posix.normalize(key).replace(/\/+$/, '');
  if (normal === '.' || normal === '..' || normal.startsWith('../') || normal === '')
    throw new MediaKeyError(key);
  return normal;
};

/**
 * Where media files live: one small interface with two implementations, the local directory (default:
 * `.data/media` for `npm start`, a temp dir in tests; local-media-store.ts) and S3-compatible object storage
 * (`MEDIA_S3_BUCKET`; s3-media-store.ts), so callers never know which. Keys are `/`-separated relative paths
 * (see media-layout.ts); implementations refuse keys that escape their root.
 *
 * ffmpeg reads and writes files, so tools work in a `scratch()` dir: `fetchFile` gives them a stored file,
 * `putFile` / `putDirectory` store what they wrote. On the local store these are renames within its own
 * filesystem (no copy); on object storage they are downloads and uploads.
 */
export type MediaStore = {
  /** Size and validators, or null when the key does not exist (a "directory" does not exist). */
  head(key: string): Promise<StoredObject | null>;
  /** Size in bytes, or null when the key does not exist. */
  size(key: string): Promise<number | null>;
  read(key: string, options?: ReadOptions): Readable;
  /** A stream that writes the key; the file appears only once the stream finished (nothing on failure). */
  write(key: string): Writable;
  /** Every key under a prefix (a "directory"), sorted, for clean-up and checks. */
  list(prefix: string): Promise<string[]>;
  /** Removes a key or everything under a prefix; no error when nothing is there. */
  remove(prefixOrKey: string): Promise<void>;
  /** A local filesystem path for the key when the store has one (the delivery's fast path); null for object storage. */
  localPath(key: string): string | null;
  /** A new empty local dir for tools (on the store's own filesystem when it is local, so storing from it is a rename). */
  scratch(): Promise<Scratch>;
  /** A local file with the key's bytes for a tool to read: the stored file itself, or a download into `dir`. */
  fetchFile(key: string, dir: string): Promise<string>;
  /** Stores a local file (from a scratch dir) as the key, in one piece; the file may be moved away. */
  putFile(key: string, file: string): Promise<void>;
  /**
   * Replaces whatever is under `prefix` with a local directory's files (their relative paths under it); the
   * directory may be moved away. Files named in `last` are stored after all others, so their presence means the
   * rest is there.
   */
  putDirectory(prefix: string, dir: string, options?: { last?: readonly string[] }): Promise<void>;
};

export const MEDIA_STORE = Symbol('MEDIA_STORE');
