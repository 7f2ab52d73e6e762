import { Types } from 'mongoose';
import type { ViewerSettings } from '@app/contracts';
import { DEFAULT_VIEWER_SETTINGS, PlaybackPreference } from '@app/contracts';
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
  ...settings,
});

describe('SettingsService', () => {
  const setup = () => {
    const repository = {
      findOf: jest.fn(async (): Promise<StoredSettings | null> => null),
      save: jest.fn(async (_: string, settings: ViewerSettings) => stored(settings)),
    };
    return { service: new SettingsService(repository as unknown as SettingsRepository), repository };
  };

  it('answers the defaults while nothing is stored, then what was stored', async () => {
    const { service, repository } = setup();
    await expect(service.get(userId)).resolves.toEqual(DEFAULT_VIEWER_SETTINGS);
    repository.findOf.mockResolvedValueOnce(stored(mine));
    await expect(service.get(userId)).resolves.toEqual(mine);
  });

  it('saves and answers what the repository stored', async () => {
    const { service, repository } = setup();
    await expect(service.save(userId, mine)).resolves.toEqual(mine);
    expect(repository.save).toHaveBeenCalledWith(userId, mine);
  });
});
