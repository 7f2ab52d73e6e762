import { Types } from 'mongoose';
import type { ViewerSettings } from '@app/contracts';
import { AuditAction, DEFAULT_VIEWER_SETTINGS, ErrorCode, PlaybackPreference } from '@app/contracts';
import type { DeletedUsers, EventBus } from '@app/server-core';
import { AuditTrail, RequestContext } from '@app/server-core';
import type { SettingsRepository, StoredSettings } from './settings.repository';
import { SettingsService } from './settings.service';

const userId = 'a'.repeat(24);
const mine: ViewerSettings = {
  notifications: { newReleases: false, recommendations: true },
  playback: PlaybackPreference.AskNext,
};
const stored = (settings: ViewerSettings): StoredSettings => ({
  _id: new Types.ObjectId(),
  userId,
  profileId: userId,
  ...settings,
});

describe('SettingsService', () => {
  const setup = () => {
    const repository = {
      findOf: jest.fn(async (): Promise<StoredSettings | null> => null),
      // Every test saves `mine`: the repository answers the record it wrote, with its _id and userId.
      save: jest.fn(async () => stored(mine)),
      removeOfUser: jest.fn(async () => 1),
    };
    const events = { publish: jest.fn(async () => 'event-id') };
    const deletedUsers = { isDeleted: jest.fn(async () => false) };
    const service = new SettingsService(
      repository as unknown as SettingsRepository,
      deletedUsers as unknown as DeletedUsers,
      new AuditTrail(events as unknown as EventBus),
    );
    return { service, repository, events, deletedUsers };
  };

  it('answers the defaults while nothing is stored, then what was stored', async () => {
    const { service, repository } = setup();
    await expect(service.get(userId)).resolves.toEqual(DEFAULT_VIEWER_SETTINGS);
    repository.findOf.mockResolvedValueOnce(stored(mine));
    await expect(service.get(userId)).resolves.toEqual(mine);
  });

  it('answers what it saved and audits the change from the settings stored before (issue 22)', async () => {
    const { service, repository, events } = setup();
    const previous: ViewerSettings = {
      notifications: { newReleases: false, recommendations: false },
      playback: PlaybackPreference.AutoPlayNext,
    };
    repository.findOf.mockResolvedValueOnce(stored(previous));
    await expect(
      RequestContext.run({ correlationId: 'c', actor: { id: 'c'.repeat(24), username: 'root' } }, () =>
        service.save(userId, mine),
      ),
    ).resolves.toEqual(mine);
    expect(repository.save).toHaveBeenCalledWith({ userId, profileId: userId, ceiling: null }, mine);
    expect(events.publish).toHaveBeenCalledWith(
      'audit.recorded',
      expect.objectContaining({
        before: 'new releases off, recommendations off, playback autoplay-next',
        after: 'new releases off, recommendations on, playback ask-next',
      }),
    );
  });

  it("logs an admin's save in the audit log with the settings before and after (issue 22)", async () => {
    const { service, events } = setup();
    await RequestContext.run({ correlationId: 'c', actor: { id: 'c'.repeat(24), username: 'root' } }, () =>
      service.save(userId, mine),
    );
    expect(events.publish).toHaveBeenCalledWith(
      'audit.recorded',
      expect.objectContaining({
        action: AuditAction.SettingsChange,
        before: 'new releases on, recommendations on, playback autoplay-next',
        after: 'new releases off, recommendations on, playback ask-next',
      }),
    );
  });

  it('undoes and refuses (401) a save for a deleted account (issue 22)', async () => {
    const { service, repository, deletedUsers } = setup();
    deletedUsers.isDeleted.mockResolvedValueOnce(true);
    await expect(service.save(userId, mine)).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
    expect(repository.removeOfUser).toHaveBeenCalledWith(userId);
  });
});
