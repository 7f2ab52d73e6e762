import type { ComingSoonTitle, ProfileList, SessionUser } from '@app/contracts';
import { ErrorCode, ScheduleMessages } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { AuthClient } from '../auth/auth.client';
import { RemindersService } from './reminders.service';
import type { ScheduleClient } from './schedule.client';

const caller = {
  id: '65f0c0ffee00000000000001',
  username: 'Asha',
  email: 'asha@example.in',
  role: 'user',
  status: 'active',
  sessionId: 's-1',
} as SessionUser;

const title: ComingSoonTitle = {
  id: '65f0c0ffee00000000000a01',
  kind: 'movie',
  title: 'Monsoon Letters',
  description: 'Scheduled.',
  genre: 'Drama',
  posterUrl: 'https://img.example.in/p.jpg',
  classification: 'UA13',
  publishAt: '2099-01-15T14:30:00.000Z',
};

const profiles = (uiLanguage: string): ProfileList =>
  ({
    profiles: [
      { id: 'p-other', uiLanguage: 'en' },
      { id: 'p-acting', uiLanguage },
    ],
    currentProfileId: 'p-acting',
  }) as unknown as ProfileList;

const setup = (uiLanguage = 'hi') => {
  const schedule = {
    comingSoonTitle: jest.fn(async () => title),
    remind: jest.fn(async () => ({ titleIds: [title.id] })),
  };
  const auth = { listProfiles: jest.fn(async () => profiles(uiLanguage)) };
  const service = new RemindersService(schedule as unknown as ScheduleClient, auth as unknown as AuthClient);
  return { service, schedule, auth };
};

describe('RemindersService (issue 28)', () => {
  it("stores the reminder with the account's address and the acting profile's language, never the client's", async () => {
    const { service, schedule } = setup('hi');
    await service.remind(caller, title.id);
    expect(schedule.remind).toHaveBeenCalledWith({
      userId: caller.id,
      title,
      email: 'asha@example.in',
      language: 'hi',
    });
  });

  it('writes in English for a language mails are not written in', async () => {
    const { service, schedule } = setup('ta');
    await service.remind(caller, title.id);
    expect(schedule.remind).toHaveBeenCalledWith(expect.objectContaining({ language: 'en' }));
  });

  it('refuses a title that is not coming soon (live, a plain draft, above the ceiling) and stores nothing', async () => {
    const { service, schedule } = setup();
    schedule.comingSoonTitle.mockRejectedValueOnce(AppError.notFound(ScheduleMessages.notComingSoon));
    await expect(service.remind(caller, title.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    expect(schedule.remind).not.toHaveBeenCalled();
  });
});
