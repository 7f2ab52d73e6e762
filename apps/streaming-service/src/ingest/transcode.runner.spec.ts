import type { Outbox } from '@app/server-core';
import { FfmpegError } from '../ffmpeg/ffmpeg.adapter';
import type { TranscodeProgress } from '../ffmpeg/ffmpeg-progress';
import type { AssetsRepository } from '../media/assets.repository';
import type { MediaStore } from '../media/media-store';
import type { TranscodeSteps } from './transcode.runner';
import { TranscodeRunner } from './transcode.runner';

const MOVIE = '65f0000000000000000000aa';
const READY_AT = new Date('2026-11-01T10:00:00Z');

const setup = () => {
  const calls: string[] = [];
  /** A step that notes its name in `calls` and resolves to `value`. */
  const logged =
    <A extends unknown[], T>(name: string, value: T) =>
    (..._args: A) => {
      calls.push(name);
      return Promise.resolve(value);
    };
  const assets = {
    findByMovie: jest.fn().mockResolvedValue({ movieId: MOVIE, durationSeconds: 60, readyAt: READY_AT }),
    markAnnounced: jest.fn().mockResolvedValue(undefined),
  };
  const outbox = {
    announceMarked: jest.fn(async (_event: unknown, done: () => Promise<unknown>) => {
      calls.push('announce');
      await done();
    }),
  };
  const store = {
    scratch: jest.fn(logged('scratch', { dir: '/scratch', dispose: logged('dispose', undefined) })),
    fetchFile: jest.fn(logged('fetch', '/scratch/source')),
    putDirectory: jest.fn(logged('put', undefined)),
    remove: jest.fn(logged('remove', undefined)),
  };
  const steps = {
    movieId: MOVIE,
    sourceKey: `incoming/${MOVIE}/v1`,
    outKey: `uploads/${MOVIE}/v1`,
    start: jest.fn(logged('start', true)),
    recordProgress: jest.fn(logged('progress', undefined)),
    transcode: jest.fn(logged('transcode', { durationSeconds: 60 })),
    complete: jest.fn(logged('complete', true)),
    fail: jest.fn(logged('fail', undefined)),
  } satisfies TranscodeSteps<{ durationSeconds: number }>;
  const runner = new TranscodeRunner(
    assets as unknown as AssetsRepository,
    outbox as unknown as Outbox,
    store as unknown as MediaStore,
  );
  return { runner, steps, assets, outbox, store, calls };
};

describe('TranscodeRunner', () => {
  it('stores the tree before completing, then announces media.ready and hands back the result', async () => {
    const { runner, steps, assets, outbox, store, calls } = setup();
    const signal = new AbortController().signal;
    await expect(runner.run(steps, signal)).resolves.toEqual({ result: { durationSeconds: 60 } });
    expect(calls).toEqual([
      'start',
      'scratch',
      'fetch',
      'transcode',
      'put',
      'complete',
      'dispose',
      'announce',
    ]);
    expect(store.fetchFile).toHaveBeenCalledWith(steps.sourceKey, '/scratch');
    expect(steps.transcode).toHaveBeenCalledWith('/scratch/source', '/scratch/out', {
      onProgress: expect.any(Function),
      signal,
    });
    expect(store.putDirectory).toHaveBeenCalledWith(steps.outKey, '/scratch/out');
    expect(steps.complete).toHaveBeenCalledWith({ durationSeconds: 60 });
    expect(outbox.announceMarked).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'media.ready', payload: expect.objectContaining({ movieId: MOVIE }) }),
      expect.any(Function),
    );
    expect(assets.markAnnounced).toHaveBeenCalledWith(MOVIE, READY_AT, expect.any(Date));
  });

  it('does nothing past a job it could not claim', async () => {
    const { runner, steps, store, calls } = setup();
    steps.start.mockResolvedValue(false);
    await expect(runner.run(steps)).resolves.toBeNull();
    expect(calls).toEqual([]);
    expect(store.scratch).not.toHaveBeenCalled();
  });

  it('announces nothing when the job was overtaken', async () => {
    const { runner, steps, outbox, calls } = setup();
    steps.complete.mockResolvedValue(false);
    await expect(runner.run(steps)).resolves.toBeNull();
    expect(outbox.announceMarked).not.toHaveBeenCalled();
    expect(steps.fail).not.toHaveBeenCalled();
    expect(calls.at(-1)).toBe('dispose');
  });

  it('waits for the progress write in flight before completing', async () => {
    const { runner, steps, calls } = setup();
    let finishWrite: () => void = () => undefined;
    steps.recordProgress.mockImplementation(
      (sample: TranscodeProgress) =>
        new Promise<undefined>((resolve) => {
          calls.push(`progress ${sample.percent}`);
          finishWrite = () => {
            calls.push('progress written');
            resolve(undefined);
          };
        }),
    );
    steps.transcode.mockImplementation(async (_source, _outDir, { onProgress }) => {
      onProgress({ percent: 40, etaSeconds: 3 });
      onProgress({ percent: 50, etaSeconds: 2 }); // within the interval: dropped
      setTimeout(() => finishWrite(), 5);
      return { durationSeconds: 60 };
    });
    await runner.run(steps);
    expect(steps.recordProgress).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([
      'start',
      'scratch',
      'fetch',
      'progress 40',
      'put',
      'progress written',
      'complete',
      'dispose',
      'announce',
    ]);
  });

  it.each([
    [
      new FfmpegError('ffmpeg exited with code 1: moov atom not found'),
      'ffmpeg exited with code 1: moov atom not found',
    ],
    [new Error('disk full'), 'transcode failed: disk full'],
  ])('on %p removes the tree, records why and throws again', async (error, reason) => {
    const { runner, steps, store, outbox, calls } = setup();
    steps.transcode.mockRejectedValue(error);
    await expect(runner.run(steps)).rejects.toBe(error);
    expect(store.remove).toHaveBeenCalledWith(steps.outKey);
    expect(steps.fail).toHaveBeenCalledWith(reason);
    expect(calls.slice(-3)).toEqual(['remove', 'fail', 'dispose']);
    expect(outbox.announceMarked).not.toHaveBeenCalled();
  });

  it('records no failure when shutting down (BullMQ hands the job on)', async () => {
    const { runner, steps, store, calls } = setup();
    const shutdown = new AbortController();
    const killed = new FfmpegError('ffmpeg was stopped');
    steps.transcode.mockImplementation(async () => {
      shutdown.abort();
      throw killed;
    });
    await expect(runner.run(steps, shutdown.signal)).rejects.toBe(killed);
    expect(store.remove).not.toHaveBeenCalled();
    expect(steps.fail).not.toHaveBeenCalled();
    expect(calls.at(-1)).toBe('dispose');
  });
});
