import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { cp, mkdir, mkdtemp, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import type { MediaStore, ReadOptions, Scratch, StoredObject } from './media-store';
import { MediaKeyError } from './media-store';

export { MediaKeyError };

/** Scratch dirs live here, inside the root, so storing from them is a rename on the same filesystem. */
const SCRATCH_DIR = '.work';

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
const isMissing = (error: unknown) => errorCode(error) === 'ENOENT';

/** A rename, or a copy then removal when `from` is on another filesystem (a scratch dir the caller made). */
const move = async (from: string, to: string) => {
  try {
    await rename(from, to);
  } catch (error) {
    if (errorCode(error) !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
};

/**
 * Writes to a hidden temp file beside the target and renames it into place in `_final`, so readers never see
 * a half-written file; a destroyed (failed, aborted, refused) write removes its temp file.
 */
class AtomicFileWriter extends Writable {
  private handle?: FileHandle;
  private readonly temp: string;
  private done = false;

  constructor(private readonly target: string) {
    super();
    this.temp = path.join(
      path.dirname(target),
      `.partial-${randomBytes(6).toString('hex')}-${path.basename(target)}`,
    );
  }

  override _construct(callback: (error?: Error | null) => void) {
    mkdir(path.dirname(this.target), { recursive: true })
      .then(() => open(this.temp, 'wx'))
      .then((handle) => {
        this.handle = handle;
        callback();
      }, callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.handle?.write(chunk).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    const handle = this.handle;
    this.handle = undefined;
    (handle ? handle.close() : Promise.resolve())
      .then(() => rename(this.temp, this.target))
      .then(() => {
        this.done = true;
        callback();
      }, callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (this.done) return callback(error);
    const handle = this.handle;
    this.handle = undefined;
    // Never rejects: each step swallows its own error, then the stream's error is handed on.
    void (async () => {
      await handle?.close().catch(() => undefined);
      await unlink(this.temp).catch(() => undefined);
      callback(error);
    })();
  }
}

/** The media store on a local directory (`MEDIA_DIR`): keys are paths below its root, and nothing else. */
export class LocalMediaStore implements MediaStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file path of a key; refuses keys that are absolute, empty, use `\` or NUL, or resolve outside the root. */
  private pathOf(key: string): string {
    if (!key || key.includes('\0') || key.includes('\\') || path.isAbsolute(key))
      throw new MediaKeyError(key);
    const full = path.resolve(this.root, key);
    // A lexical check (not realpath): the test media dir links in cached sample films on purpose.
    if (!full.startsWith(this.root + path.sep)) throw new MediaKeyError(key);
    return full;
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, etag: null, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    return (await this.head(key))?.size ?? null;
  }

  read(key: string, options: ReadOptions = {}): Readable {
    return createReadStream(this.pathOf(key), { start: options.start, end: options.end });
  }

  write(key: string): Writable {
    return new AtomicFileWriter(this.pathOf(key));
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.pathOf(prefix);
    const keys: string[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error) || errorCode(error) === 'ENOTDIR') return;
        throw error;
      }
      for (const entry of entries) {
        const key = `${keyPrefix}/${entry.name}`;
        const full = path.join(dir, entry.name);
        // Linked sample dirs count as directories.
        const isDir =
          entry.isDirectory() ||
          (entry.isSymbolicLink() && (await stat(full).catch(() => null))?.isDirectory());
        if (isDir) await walk(full, key);
        else keys.push(key);
      }
    };
    await walk(base, prefix.replace(/\/+$/, ''));
    return keys.sort();
  }

  /** Removes the key or tree, then the parent directories it leaves empty (up to, not including, the root). */
  async remove(prefixOrKey: string): Promise<void> {
    const full = this.pathOf(prefixOrKey);
    await rm(full, { recursive: true, force: true });
    for (
      let dir = path.dirname(full);
      dir !== this.root && dir.startsWith(this.root);
      dir = path.dirname(dir)
    ) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or gone): the rest of the tree stays
      }
    }
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async scratch(): Promise<Scratch> {
    const parent = path.join(this.root, SCRATCH_DIR);
    await mkdir(parent, { recursive: true });
    const dir = await mkdtemp(path.join(parent, 'scratch-'));
    return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
  }

  /** The stored file itself: tools read it in place (no copy into `_dir`). */
  fetchFile(key: string, _dir?: string): Promise<string> {
    return Promise.resolve(this.pathOf(key));
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await move(file, target);
  }

  /** One rename of the whole tree: readers see all of it or none (`last` needs no order here). */
  async putDirectory(prefix: string, dir: string, _options?: { last?: readonly string[] }): Promise<void> {
    const target = this.pathOf(prefix);
    await rm(target, { recursive: true, force: true });
    await mkdir(path.dirname(target), { recursive: true });
    await move(dir, target);
  }
}
