import { Logger } from '@nestjs/common';
import type { AuditTrail } from '@app/server-core';
import type { TranscodeQueue } from '../ingest/transcode.queue';
import type { UploadTicketsService } from '../ingest/upload-tickets.service';
import type { AssetsRepository } from './assets.repository';
import type { MediaStore } from './media-store';
import { MediaService } from './media.service';

const EPISODE = '65f0000000000000000000ee';

const setup = () => {
  const assets = { remove: jest.fn().mockResolvedValue(true) };
  const store = { remove: jest.fn().mockResolvedValue(undefined) };
  const service = new MediaService(
    assets as unknown as AssetsRepository,
    {} as UploadTicketsService,
    {} as TranscodeQueue,
    store as unknown as MediaStore,
    { record: jest.fn() } as unknown as AuditTrail,
  );
  return { service, assets, store };
};

describe('MediaService.removeTitle (episode.deleted)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('removes the record first, then the title’s own uploads, sources and added tracks, never a shared sample', async () => {
    const { service, assets, store } = setup();
    await service.removeTitle(EPISODE);
    expect(assets.remove).toHaveBeenCalledWith(EPISODE);
    expect(store.remove.mock.calls).toEqual([
      [`uploads/${EPISODE}`],
      [`incoming/${EPISODE}`],
      [`tracks/${EPISODE}`],
    ]);
    expect(assets.remove.mock.invocationCallOrder[0]).toBeLessThan(store.remove.mock.invocationCallOrder[0]);
  });

  it('still clears leftover files when the record is gone already (a redelivery)', async () => {
    const { service, assets, store } = setup();
    assets.remove.mockResolvedValue(false);
    await service.removeTitle(EPISODE);
    expect(store.remove).toHaveBeenCalledTimes(3);
  });

  it.each([['..'], [''], ['../samples'], [`${EPISODE}/..`], ['65F0000000000000000000EE']])(
    'touches nothing for an id that is not an ObjectId (%j)',
    async (id) => {
      const { service, assets, store } = setup();
      const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      await service.removeTitle(id);
      expect(warned).toHaveBeenCalledWith(expect.objectContaining({ movieId: id }));
      expect(assets.remove).not.toHaveBeenCalled();
      expect(store.remove).not.toHaveBeenCalled();
    },
  );
});
