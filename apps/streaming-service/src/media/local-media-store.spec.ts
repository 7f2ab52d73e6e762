import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import { LocalMediaStore, MediaKeyError } from './local-media-store';

describe('LocalMediaStore', () => {
  let root: string;
  let store: LocalMediaStore;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'media-store-'));
    store = new LocalMediaStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('refuses keys that escape its root or are not plain relative paths', () => {
    for (const key of ['', '../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a\0b', '.', 'a/..'])
      expect(() => store.localPath(key)).toThrow(MediaKeyError);
    expect(() => store.read('../../etc/passwd')).toThrow(MediaKeyError);
    expect(store.localPath('a/./b/../c')).toBe(path.join(root, 'a/c'));
  });

  it('writes through a temp file that becomes the key only when the stream finished', async () => {
    const writer = store.write('uploads/m/v1/video.mp4');
    writer.write('half');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await store.size('uploads/m/v1/video.mp4')).toBeNull();
    await new Promise<void>((resolve, reject) => writer.end('-done', () => resolve()).on('error', reject));
    expect(await store.size('uploads/m/v1/video.mp4')).toBe(9);
    expect(await text(store.read('uploads/m/v1/video.mp4', { start: 2, end: 5 }))).toBe('lf-d');
    expect(await store.list('uploads/m')).toEqual(['uploads/m/v1/video.mp4']);
  });

  it('leaves nothing behind when a write fails', async () => {
    const failing = new Readable({
      read() {
        this.push('some bytes');
        this.destroy(new Error('client went away'));
      },
    });
    const writer = store.write('incoming/m/v1');
    await expect(pipeline(failing, writer)).rejects.toThrow('client went away');
    // As the upload service does: the pipeline rejects first, the writer deletes its partial file as it closes.
    if (!writer.closed) await new Promise((resolve) => writer.once('close', resolve));
    await store.remove('incoming/m/v1');
    expect(readdirSync(root)).toEqual([]);
  });

  it('removes trees and the parents they leave empty, and is quiet about missing keys', async () => {
    await pipeline(Readable.from(['a']), store.write('uploads/m/v1/hls/master.m3u8'));
    await pipeline(Readable.from(['b']), store.write('uploads/other/v1/video.mp4'));
    await store.remove('uploads/m/v1');
    await store.remove('uploads/never/was');
    expect(await store.list('uploads')).toEqual(['uploads/other/v1/video.mp4']);
    expect(readdirSync(path.join(root, 'uploads'))).toEqual(['other']);
  });

  it('stores tool output from its scratch dirs by renaming within its root, and replaces what was there', async () => {
    const scratch = await store.scratch();
    expect(scratch.dir.startsWith(path.join(root, '.work') + path.sep)).toBe(true);
    const file = path.join(scratch.dir, 'source');
    writeFileSync(file, 'uploaded');
    await store.putFile('incoming/m/v1', file);
    expect(existsSync(file)).toBe(false);
    expect(await text(store.read('incoming/m/v1'))).toBe('uploaded');
    // Tools read the stored file where it is.
    expect(await store.fetchFile('incoming/m/v1', scratch.dir)).toBe(path.join(root, 'incoming/m/v1'));

    await pipeline(Readable.from(['stale']), store.write('samples/1/old.m4s'));
    const tree = path.join(scratch.dir, 'out');
    mkdirSync(path.join(tree, 'hls'), { recursive: true });
    writeFileSync(path.join(tree, 'hls', 'master.m3u8'), '#EXTM3U');
    writeFileSync(path.join(tree, 'sample.json'), '{}');
    await store.putDirectory('samples/1', tree, { last: ['sample.json'] });
    expect(await store.list('samples/1')).toEqual(['samples/1/hls/master.m3u8', 'samples/1/sample.json']);
    expect(await store.head('samples/1/sample.json')).toMatchObject({ size: 2, etag: null });
    expect(await store.head('samples/1')).toBeNull();

    await scratch.dispose();
    expect(readdirSync(path.join(root, '.work'))).toEqual([]);
  });
});
