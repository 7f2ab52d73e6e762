import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { ComingSoonTitle } from '@app/contracts';
import { ReminderRpc, UserDataRpc } from '@app/contracts';
import { EventBus, REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { newId, readOutbox, startServiceUnderTest, suiteInfra, waitUntil } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { RemindersRepository } from '../src/reminders/reminders.repository';

const comingSoon = (overrides: Partial<ComingSoonTitle> = {}): ComingSoonTitle => ({
  id: newId(),
  kind: 'movie',
  title: 'Kal Ho Na Ho',
  description: 'Scheduled.',
  genre: 'Drama',
  posterUrl: 'https://images.example.in/khnh.jpg',
  classification: 'UA13',
  publishAt: new Date(Date.now() + 3_600_000).toISOString(),
  ...overrides,
});

/**
 * Issue 28, "Remind me" on real MongoDB and Redis Streams: a profile's reminder is mailed once when the title goes
 * live (the catalogue's `*.published`), in the language the gateway stored, however often the event is delivered.
 */
describe('reminders in user-data-service', () => {
  const infra = suiteInfra('reminders');
  const outbox = mkdtempSync(path.join(tmpdir(), 'reminders-'));
  let service: ServiceUnderTest;
  let bus: EventBus;

  beforeAll(async () => {
    const env = envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      OUTBOX_DIR: outbox,
      PUBLIC_URL: 'https://streamly.example.in',
    });
    service = await startServiceUnderTest('user-data-service', AppModule.register(env), infra.mongoUri);
    bus = new EventBus(service.app.get<Redis>(REDIS_CLIENT));
  });

  afterAll(() => service?.close());

  const mailsTo = (address: string) => readOutbox(outbox).filter(({ to }) => to.includes(address));

  it('keeps a profile’s reminders idempotently, and forgets one on request', async () => {
    const userId = newId();
    const title = comingSoon();
    const set = { userId, title, email: `${userId}@example.in`, language: 'en' as const };
    expect(await service.call(ReminderRpc.set, set)).toEqual({ titleIds: [title.id] });
    expect(await service.call(ReminderRpc.set, set)).toEqual({ titleIds: [title.id] });
    expect(await service.call(ReminderRpc.list, { userId })).toEqual({ titleIds: [title.id] });
    expect(await service.call(ReminderRpc.remove, { userId, titleId: title.id })).toEqual({ titleIds: [] });
    expect(await service.call(ReminderRpc.remove, { userId, titleId: title.id })).toEqual({ titleIds: [] });
  });

  it('refuses a reminder without an address or in an unknown language, storing nothing', async () => {
    const userId = newId();
    await expect(
      service.send(ReminderRpc.set.pattern, { userId, title: comingSoon(), email: '', language: 'en' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      service.send(ReminderRpc.set.pattern, { userId, title: comingSoon(), email: 'a@b.in', language: 'fr' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await service.call(ReminderRpc.list, { userId })).toEqual({ titleIds: [] });
  });

  it('mails each profile that asked once when the title goes live, in its language, even when the event comes twice', async () => {
    const english = newId();
    const hindi = newId();
    const title = comingSoon({ title: `Dil Se ${newId().slice(-6)}` });
    await service.call(ReminderRpc.set, {
      userId: english,
      title,
      email: `${english}@example.in`,
      language: 'en',
    });
    await service.call(ReminderRpc.set, {
      userId: hindi,
      title,
      email: `${hindi}@example.in`,
      language: 'hi',
    });

    const live = {
      movieId: title.id,
      title: title.title,
      genre: 'Drama',
      publishDate: new Date().toISOString(),
    };
    await bus.publish('movie.published', live);
    await waitUntil(
      async () => mailsTo(`${english}@example.in`).length > 0 && mailsTo(`${hindi}@example.in`).length > 0,
      'both reminder mails',
    );
    // Delivered again (a redelivery, or the title published again by a racing save): no second mail.
    await bus.publish('movie.published', live);
    const repository = service.app.get(RemindersRepository);
    await waitUntil(
      async () => (await repository.pendingFor(title.id)).length === 0,
      'every reminder claimed',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    const [mail] = mailsTo(`${english}@example.in`);
    expect(mailsTo(`${english}@example.in`)).toHaveLength(1);
    expect(mail.subject).toBe(`${title.title} is now streaming on Streamly`);
    expect(mail.text).toContain(`https://streamly.example.in/moviedetails/${title.id}`);
    const [hindiMail] = mailsTo(`${hindi}@example.in`);
    expect(mailsTo(`${hindi}@example.in`)).toHaveLength(1);
    expect(hindiMail.subject).toBe(`${title.title} अब Streamly पर उपलब्ध है`);
    // Sent: no longer pending for the profile.
    expect(await service.call(ReminderRpc.list, { userId: english })).toEqual({ titleIds: [] });
  });

  it('forgets a deleted account’s reminders', async () => {
    const userId = newId();
    const title = comingSoon();
    await service.call(ReminderRpc.set, { userId, title, email: `${userId}@example.in`, language: 'en' });
    await bus.publish('user.deleted', { userId });
    await waitUntil(
      async () => (await service.call(ReminderRpc.list, { userId })).titleIds.length === 0,
      'the reminder to be erased',
    );
    expect(await service.app.get(RemindersRepository).pendingFor(title.id)).toEqual([]);
  });

  it('mails the account’s current address after an email change, and lists every ask in the data export', async () => {
    const userId = newId();
    const title = comingSoon({ title: `Swades ${newId().slice(-6)}` });
    await service.call(ReminderRpc.set, { userId, title, email: `${userId}@old.example.in`, language: 'en' });
    await bus.publish('user.updated', {
      userId,
      username: 'Asha',
      email: `${userId}@new.example.in`,
      role: 'user',
      status: 'active',
    });
    await waitUntil(
      async () =>
        (await service.app.get(RemindersRepository).pendingFor(title.id))[0]?.email ===
        `${userId}@new.example.in`,
      'the reminder to follow the new address',
    );
    expect(await service.call(UserDataRpc.exportData, { userId })).toMatchObject({
      reminders: [
        {
          profileId: userId,
          titleId: title.id,
          kind: 'movie',
          title: title.title,
          email: `${userId}@new.example.in`,
          language: 'en',
          askedAt: expect.any(String),
          sentAt: null,
        },
      ],
    });

    await bus.publish('movie.published', {
      movieId: title.id,
      title: title.title,
      genre: 'Drama',
      publishDate: new Date().toISOString(),
    });
    await waitUntil(
      async () => mailsTo(`${userId}@new.example.in`).length > 0,
      'the mail at the new address',
    );
    expect(mailsTo(`${userId}@old.example.in`)).toEqual([]);
    const [exported] = (await service.call(UserDataRpc.exportData, { userId })).reminders;
    expect(exported.sentAt).not.toBeNull();
  });
});
