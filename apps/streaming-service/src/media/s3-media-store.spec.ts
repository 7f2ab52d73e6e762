import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { MediaKeyError } from './media-store';
import { PART_BYTES, S3MediaStore } from './s3-media-store';

type Sent = { command: string; input: Record<string, unknown>; signal?: AbortSignal };
type Answer = (sent: Sent) => unknown;

const notFound = () =>
  Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });

/**
 * The S3 client at its one seam, `send`: each command is recorded by name with its input, and answered by the
 * test. What goes over the wire is the SDK's business (the integration test runs it against a real S3 server).
 */
const storeWith = (answer: Answer = () => ({}), prefix = 'media/') => {
  const sent: Sent[] = [];
  const client = {
    send: jest.fn(
      (
        command: { constructor: { name: string }; input: object },
        options?: { abortSignal?: AbortSignal },
      ) => {
        const entry = {
          command: command.constructor.name.replace(/Command$/, ''),
          input: { ...command.input } as Record<string, unknown>,
          signal: options?.abortSignal,
        };
        sent.push(entry);
        return Promise.resolve().then(() => answer(entry));
      },
    ),
    destroy: jest.fn(),
  };
  const store = new S3MediaStore(client as unknown as S3Client, { bucket: 'films', prefix });
  return { store, sent, client, commands: () => sent.map((s) => s.command) };
};

describe('S3MediaStore request mapping', () => {
  it('heads an object under the prefix; a 404 is a missing key, other failures stay failures', async () => {
    const modified = new Date('2026-01-02T03:04:05Z');
    const { store, sent } = storeWith(({ input }) => {
      if (input.Key === 'media/samples/1/video.mp4')
        return { ContentLength: 1234, ETag: '"abc"', LastModified: modified };
      if (input.Key === 'media/broken') throw new Error('SlowDown');
      throw notFound();
    });
    expect(await store.head('samples/1/video.mp4')).toEqual({
      size: 1234,
      etag: '"abc"',
      modifiedAt: modified,
    });
    expect(sent[0]).toMatchObject({
      command: 'HeadObject',
      input: { Bucket: 'films', Key: 'media/samples/1/video.mp4' },
    });
    expect(await store.size('samples/1/gone.mp4')).toBeNull();
    await expect(store.head('broken')).rejects.toThrow('SlowDown');
  });

  it('maps reads to GetObject with the HTTP range, and streams the body', async () => {
    const { store, sent } = storeWith(({ input }) => ({ Body: Readable.from([`bytes of ${input.Key}`]) }));
    expect(await text(store.read('a/b.m4s', { start: 10, end: 19 }))).toBe('bytes of media/a/b.m4s');
    expect(await text(store.read('a/b.m4s', { start: 100 }))).toContain('bytes');
    expect(await text(store.read('a/b.m4s'))).toContain('bytes');
    expect(sent.map((s) => s.input.Range)).toEqual(['bytes=10-19', 'bytes=100-', undefined]);
  });

  it('fails the read stream when the object is missing, and cancels a request its reader gave up on', async () => {
    const missing = storeWith(() => {
      throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    });
    await expect(text(missing.store.read('a/gone.mp4'))).rejects.toThrow('NoSuchKey');

    // A socket's pace: a chunk per turn of the event loop, for ever.
    const endless = storeWith(() => ({
      Body: new Readable({
        read() {
          setImmediate(() => this.push(Buffer.alloc(64 * 1024)));
        },
      }),
    }));
    const stream = endless.store.read('a/big.mp4', { start: 0 });
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(endless.sent[0].signal?.aborted).toBe(true);
  });

  it('refuses keys that are not plain relative paths before any request', () => {
    const { store, client } = storeWith();
    for (const key of ['', '../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a\0b', '.', 'a/..'])
      expect(() => store.read(key)).toThrow(MediaKeyError);
    expect(client.send).not.toHaveBeenCalled();
  });

  it('writes a small stream with one PutObject, only when it ends', async () => {
    const { store, sent, commands } = storeWith();
    const writer = store.write('incoming/m/v1');
    writer.write('half');
    await new Promise((resolve) => setImmediate(resolve));
    expect(commands()).toEqual([]);
    await new Promise<void>((resolve, reject) => writer.end('-done', () => resolve()).on('error', reject));
    expect(sent).toEqual([
      expect.objectContaining({
        command: 'PutObject',
        input: {
          Bucket: 'films',
          Key: 'media/incoming/m/v1',
          Body: Buffer.from('half-done'),
          ContentLength: 9,
        },
      }),
    ]);
  });

  it('writes a long stream as a multipart upload of whole parts, completed in order', async () => {
    const { store, sent, commands } = storeWith(({ command, input }) => {
      if (command === 'CreateMultipartUpload') return { UploadId: 'up-1' };
      if (command === 'UploadPart') return { ETag: `"etag-${String(input.PartNumber)}"` };
      return {};
    });
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const total = 2 * PART_BYTES + 3 * chunk.length;
    await pipeline(
      Readable.from(Array.from({ length: total / chunk.length }, () => chunk)),
      store.write('incoming/m/v2'),
    );
    expect(commands()).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ]);
    const parts = sent.filter((s) => s.command === 'UploadPart');
    expect(parts.map((p) => [p.input.PartNumber, p.input.ContentLength])).toEqual([
      [1, PART_BYTES],
      [2, PART_BYTES],
      [3, 3 * chunk.length],
    ]);
    expect(parts.every((p) => p.input.UploadId === 'up-1' && p.input.Key === 'media/incoming/m/v2')).toBe(
      true,
    );
    expect(sent.at(-1)?.input).toEqual({
      Bucket: 'films',
      Key: 'media/incoming/m/v2',
      UploadId: 'up-1',
      MultipartUpload: {
        Parts: [1, 2, 3].map((n) => ({ PartNumber: n, ETag: `"etag-${n}"` })),
      },
    });
  });

  it('aborts the multipart upload when the stream fails, and never completes it', async () => {
    const { store, commands } = storeWith(({ command }) =>
      command === 'CreateMultipartUpload' ? { UploadId: 'up-2' } : { ETag: '"e"' },
    );
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(PART_BYTES));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(pipeline(failing, store.write('incoming/m/v3'))).rejects.toThrow('client went away');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(commands()).toContain('AbortMultipartUpload');
    expect(commands()).not.toContain('CompleteMultipartUpload');
  });

  it('lists a "directory" page by page, as keys without the prefix', async () => {
    const { store, sent } = storeWith(({ input }) =>
      input.ContinuationToken === undefined
        ? {
            Contents: [
              { Key: 'media/uploads/m/v1/video.mp4' },
              { Key: 'media/uploads/m/v1/hls/master.m3u8' },
            ],
            IsTruncated: true,
            NextContinuationToken: 'page-2',
          }
        : { Contents: [{ Key: 'media/uploads/m/v2/video.mp4' }], IsTruncated: false },
    );
    expect(await store.list('uploads/m/')).toEqual([
      'uploads/m/v1/hls/master.m3u8',
      'uploads/m/v1/video.mp4',
      'uploads/m/v2/video.mp4',
    ]);
    expect(sent.map((s) => [s.command, s.input.Prefix, s.input.ContinuationToken])).toEqual([
      ['ListObjectsV2', 'media/uploads/m/', undefined],
      ['ListObjectsV2', 'media/uploads/m/', 'page-2'],
    ]);
  });

  it('removes a key and everything under it (not its look-alike siblings) in batches of 1,000', async () => {
    const under = Array.from({ length: 1500 }, (_, i) => ({ Key: `media/uploads/ab/v1/seg_${i}.m4s` }));
    const { store, sent } = storeWith(({ command }) =>
      command === 'ListObjectsV2'
        ? { Contents: [{ Key: 'media/uploads/ab' }, ...under, { Key: 'media/uploads/abc/v1/video.mp4' }] }
        : {},
    );
    await store.remove('uploads/ab');
    expect(sent[0].input).toMatchObject({ Prefix: 'media/uploads/ab' });
    const deletes = sent.filter((s) => s.command === 'DeleteObjects');
    const keys = deletes.flatMap((d) => (d.input.Delete as { Objects: Array<{ Key: string }> }).Objects);
    expect(deletes.map((d) => (d.input.Delete as { Objects: unknown[] }).Objects.length)).toEqual([
      1000, 501,
    ]);
    expect(keys.map((o) => o.Key)).not.toContain('media/uploads/abc/v1/video.mp4');
    expect(keys[0]).toEqual({ Key: 'media/uploads/ab' });
  });

  it('removes nothing (and asks nothing more) when nothing is there; fails when objects were kept', async () => {
    const empty = storeWith(() => ({ Contents: [] }));
    await empty.store.remove('uploads/never/was');
    expect(empty.commands()).toEqual(['ListObjectsV2']);

    const refusing = storeWith(({ command }) =>
      command === 'ListObjectsV2'
        ? { Contents: [{ Key: 'media/x/a' }] }
        : { Errors: [{ Key: 'media/x/a', Code: 'AccessDenied', Message: 'Access Denied' }] },
    );
    await expect(refusing.store.remove('x')).rejects.toThrow(/kept 1 of 1 .*AccessDenied/);
  });

  describe('with files on disk', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 's3-store-spec-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('stores a tree under its dir after clearing it, the files named last after all others', async () => {
      const tree = path.join(dir, 'out');
      for (const [file, body] of [
        ['hls/480p/seg_00001.m4s', 's1'],
        ['hls/480p/index.m3u8', 'v'],
        ['hls/master.m3u8', 'm'],
        ['video.mp4', 'mp4'],
        ['sample.json', '{}'],
      ]) {
        await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
        await writeFile(path.join(tree, file), body);
      }
      const { store, sent } = storeWith(({ command }) =>
        command === 'ListObjectsV2' ? { Contents: [{ Key: 'media/samples/1/stale.m4s' }] } : {},
      );
      await store.putDirectory('samples/1', tree, { last: ['sample.json'] });
      expect(sent.slice(0, 2).map((s) => s.command)).toEqual(['ListObjectsV2', 'DeleteObjects']);
      const puts = sent.filter((s) => s.command === 'PutObject');
      expect(puts.map((p) => p.input.Key).sort()).toEqual(
        ['hls/480p/index.m3u8', 'hls/480p/seg_00001.m4s', 'hls/master.m3u8', 'sample.json', 'video.mp4'].map(
          (f) => `media/samples/1/${f}`,
        ),
      );
      expect(puts.at(-1)?.input).toMatchObject({
        Key: 'media/samples/1/sample.json',
        Body: Buffer.from('{}'),
      });
    });

    it('downloads a stored file into a scratch dir for a tool to read', async () => {
      const { store, sent } = storeWith(() => ({ Body: Readable.from(['source bytes']) }));
      const file = await store.fetchFile('incoming/m/v1', dir);
      expect(path.dirname(file)).toBe(dir);
      expect(await readFile(file, 'utf8')).toBe('source bytes');
      expect(sent[0]).toMatchObject({ command: 'GetObject', input: { Key: 'media/incoming/m/v1' } });
      expect(sent[0].input.Range).toBeUndefined();
    });
  });
});
