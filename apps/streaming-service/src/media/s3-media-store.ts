import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { MediaStore, ReadOptions, Scratch, StoredObject } from './media-store';
import { normaliseKey } from './media-store';

/**
 * Parts of a multipart upload: S3 wants at least 5 MiB (but the last) and at most 10,000 parts; 8 MiB doubling
 * every 1,000 parts reaches far past S3's 5 TB object limit while the common sizes keep small parts.
 */
export const PART_BYTES = 8 * 1024 * 1024;
const partBytes = (partNumber: number) => PART_BYTES * 2 ** Math.floor((partNumber - 1) / 1000);
/** DeleteObjects takes at most 1,000 keys a call. */
const DELETE_BATCH = 1000;
/** Files stored at once by putDirectory (segments of a few MB each: the connection, not the CPU, is the limit). */
const UPLOAD_CONCURRENCY = 8;
/** Chunks handed to the HTTP response while streaming an object (as the local store reads 512 KiB at a time). */
const READ_BUFFER_BYTES = 512 * 1024;

type Bucket = { bucket: string; /** `media/` or empty: every key is stored under it. */ prefix: string };

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isNotFound = (error: unknown) =>
  statusOf(error) === 404 ||
  (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey'));

/** `Range` of a GetObject, as HTTP writes it (RFC 9110 §14.1.2). */
export const rangeHeader = ({ start, end }: ReadOptions): string | undefined =>
  start === undefined && end === undefined ? undefined : `bytes=${start ?? 0}-${end ?? ''}`;

const bodyOf = (body: unknown): Readable => {
  if (body instanceof Readable) return body;
  throw new Error('object storage answered without a readable body');
};

/** Runs `work` over `items`, at most `limit` at once; the first failure stops the rest taking more and rejects. */
const eachLimit = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

/** Every file under `dir`, as `/`-separated paths relative to it. */
const filesUnder = async (dir: string, base = ''): Promise<string[]> => {
  const files: string[] = [];
  for (const entry of await readdir(path.join(dir, base), { withFileTypes: true })) {
    const relative = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
};

/**
 * A streamed upload of unknown length: bytes gather into a part; the first full part starts a multipart upload
 * (CreateMultipartUpload, UploadPart one part at a time, so at most one part is held), and the end completes it
 * (CompleteMultipartUpload). A stream shorter than one part is a single PutObject. The object exists only once
 * the stream finished; a failed or destroyed stream aborts the multipart upload (best effort: a bucket lifecycle
 * rule removes incomplete uploads that could not be aborted).
 */
class S3ObjectWriter extends Writable {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private uploadId?: string;
  private readonly parts: CompletedPart[] = [];
  /** The request in flight (a destroy waits for it, so an upload started meanwhile is aborted too). */
  private inFlight: Promise<unknown> = Promise.resolve();
  private done = false;

  constructor(
    private readonly client: S3Client,
    private readonly target: { Bucket: string; Key: string },
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered < partBytes(this.parts.length + 1)) return callback();
    this.inFlight = this.uploadPart();
    this.inFlight.then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    const finish = async () => {
      if (this.uploadId === undefined) {
        const body = this.take();
        await this.client.send(
          new PutObjectCommand({ ...this.target, Body: body, ContentLength: body.length }),
        );
      } else {
        if (this.buffered > 0) await this.uploadPart();
        await this.client.send(
          new CompleteMultipartUploadCommand({
            ...this.target,
            UploadId: this.uploadId,
            MultipartUpload: { Parts: this.parts },
          }),
        );
      }
      this.done = true;
    };
    this.inFlight = finish();
    this.inFlight.then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.chunks = [];
    this.inFlight
      .catch(() => undefined)
      .then(() =>
        this.done || this.uploadId === undefined
          ? undefined
          : this.client.send(new AbortMultipartUploadCommand({ ...this.target, UploadId: this.uploadId })),
      )
      .catch(() => undefined)
      .finally(() => callback(error));
  }

  private take(): Buffer {
    const body = Buffer.concat(this.chunks, this.buffered);
    this.chunks = [];
    this.buffered = 0;
    return body;
  }

  private async uploadPart() {
    if (this.uploadId === undefined) {
      const { UploadId } = await this.client.send(new CreateMultipartUploadCommand(this.target));
      if (!UploadId) throw new Error('object storage started a multipart upload without an id');
      this.uploadId = UploadId;
    }
    const PartNumber = this.parts.length + 1;
    const Body = this.take();
    const { ETag } = await this.client.send(
      new UploadPartCommand({
        ...this.target,
        UploadId: this.uploadId,
        PartNumber,
        Body,
        ContentLength: Body.length,
      }),
    );
    this.parts.push({ PartNumber, ETag });
  }
}

/**
 * The media store on S3-compatible object storage (`MEDIA_S3_BUCKET`): every streaming replica serves the same
 * library. Keys are object keys under an optional prefix; "directories" are key prefixes ending in `/`.
 * - head / size: HeadObject (404 → null); its ETag and Last-Modified become the delivery's validators.
 * - read: GetObject with `Range: bytes=start-end`, streamed as it arrives (delivery's 206 answers are unchanged).
 * - write: a streamed upload (S3ObjectWriter: PutObject below one part, else multipart in 8 MiB parts).
 * - list / remove: ListObjectsV2 page by page; DeleteObjects 1,000 keys a call (errors per key are failures).
 * - tools: scratch dirs in the OS temp dir; fetchFile downloads, putFile uploads (PutObject from memory up to one
 *   part, so the SDK can retry it; multipart above), putDirectory uploads a tree 8 files at once, `last` after.
 */
export class S3MediaStore implements MediaStore, OnApplicationShutdown {
  constructor(
    private readonly client: S3Client,
    private readonly where: Bucket,
  ) {}

  /** Fails with a clear reason when the bucket cannot be reached (wrong endpoint, name, keys): checked at boot. */
  async assertBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.where.bucket }));
    } catch (error) {
      const reason = error instanceof Error ? error.name : String(error);
      throw new Error(
        `media bucket "${this.where.bucket}" is not usable (${reason}${statusOf(error) ? `, HTTP ${statusOf(error)}` : ''}): check MEDIA_S3_*`,
      );
    }
  }

  private objectKey(key: string): string {
    return `${this.where.prefix}${normaliseKey(key)}`;
  }

  private mediaKey(objectKey: string): string {
    return objectKey.slice(this.where.prefix.length);
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.where.bucket, Key: this.objectKey(key) }),
      );
      return {
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? null,
        modifiedAt: answer.LastModified ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    return (await this.head(key))?.size ?? null;
  }

  /** Returns at once (a bad key throws here, like the local store); the request starts now, bytes flow when read. */
  read(key: string, options: ReadOptions = {}): Readable {
    const Key = this.objectKey(key);
    const out = new PassThrough({ highWaterMark: READ_BUFFER_BYTES });
    const abort = new AbortController();
    // A reader that stopped early (a viewer seeking away) cancels the request; a finished one keeps the connection.
    out.once('close', () => {
      if (!out.writableFinished) abort.abort();
    });
    this.client
      .send(new GetObjectCommand({ Bucket: this.where.bucket, Key, Range: rangeHeader(options) }), {
        abortSignal: abort.signal,
      })
      .then(({ Body }) => pipeline(bodyOf(Body), out))
      .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  }

  write(key: string): Writable {
    return new S3ObjectWriter(this.client, { Bucket: this.where.bucket, Key: this.objectKey(key) });
  }

  /** Every object key that starts with `objectPrefix`, page by page. */
  private async listObjects(objectPrefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.where.bucket, Prefix: objectPrefix, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  async list(prefix: string): Promise<string[]> {
    const keys = await this.listObjects(`${this.objectKey(prefix)}/`);
    return keys.map((key) => this.mediaKey(key)).sort();
  }

  async remove(prefixOrKey: string): Promise<void> {
    const target = this.objectKey(prefixOrKey);
    // One listing finds the key itself and everything under it; `uploads/ab` must not take `uploads/abc/…`.
    const keys = (await this.listObjects(target)).filter(
      (key) => key === target || key.startsWith(`${target}/`),
    );
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const { Errors } = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.where.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (Errors?.length) {
        const [first] = Errors;
        throw new Error(
          `object storage kept ${Errors.length} of ${batch.length} objects it was asked to delete (${first.Key}: ${first.Code} ${first.Message})`,
        );
      }
    }
  }

  localPath(): null {
    return null;
  }

  async scratch(): Promise<Scratch> {
    const dir = await mkdtemp(path.join(tmpdir(), 'streamly-media-'));
    return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
  }

  async fetchFile(key: string, dir: string): Promise<string> {
    const Key = this.objectKey(key);
    const file = path.join(dir, `${randomBytes(4).toString('hex')}-${path.posix.basename(Key)}`);
    const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.where.bucket, Key }));
    await pipeline(bodyOf(Body), createWriteStream(file));
    return file;
  }

  async putFile(key: string, file: string): Promise<void> {
    const { size } = await stat(file);
    if (size <= PART_BYTES) {
      const Body = await readFile(file);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.where.bucket,
          Key: this.objectKey(key),
          Body,
          ContentLength: Body.length,
        }),
      );
      return;
    }
    await pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), this.write(key));
  }

  async putDirectory(
    prefix: string,
    dir: string,
    { last = [] }: { last?: readonly string[] } = {},
  ): Promise<void> {
    const base = normaliseKey(prefix);
    const files = await filesUnder(dir);
    const after = new Set(last);
    await this.remove(base);
    await eachLimit(
      files.filter((file) => !after.has(file)),
      UPLOAD_CONCURRENCY,
      (file) => this.putFile(`${base}/${file}`, path.join(dir, file)),
    );
    for (const file of files.filter((name) => after.has(name)))
      await this.putFile(`${base}/${file}`, path.join(dir, file));
  }

  onApplicationShutdown() {
    this.client.destroy();
  }
}
