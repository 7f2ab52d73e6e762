import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContactMessage } from '@app/contracts';
import { ContactRpc, ErrorCode } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { findFreePort, readOutbox, startServiceUnderTest, suiteInfra } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { ContactsRepository } from '../src/contacts/contacts.repository';
import { envSchema } from '../src/env';

const message: ContactMessage = {
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.in',
  companyName: 'Iyer Films',
  serviceInterested: 'Partnerships',
  message: 'We would like to license our documentaries.',
};

describe('contact form in user-data-service', () => {
  const infra = suiteInfra('contact');
  const outbox = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  let service: ServiceUnderTest;

  beforeAll(async () => {
    const env = envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      OUTBOX_DIR: outbox,
      SUPPORT_EMAIL: 'care@streamly.in',
    });
    service = await startServiceUnderTest('user-data-service', AppModule.register(env), infra.mongoUri);
  });

  afterAll(() => service?.close());

  it('stores the message and mails it to the support address', async () => {
    const receipt = await service.call(ContactRpc.submit, message);
    const [stored] = await service.app.get(ContactsRepository).findByEmail('meera@example.in');
    expect(receipt).toEqual({ id: stored._id.toHexString() });
    expect(stored).toMatchObject({ ...message, mailed: true });
    const mails = readOutbox(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['care@streamly.in']);
    expect(mails[0].subject).toBe('Contact: Partnerships — Meera Iyer');
    expect(mails[0].text).toContain('We would like to license our documentaries.');
  });

  it.each([
    ['a missing field', { ...message, companyName: undefined }],
    ['an empty field', { ...message, lastName: '   ' }],
    ['an operator object for the email', { ...message, email: { $gt: '' } }],
    ['a malformed email', { ...message, email: 'meera@' }],
    ['an extra field', { ...message, admin: true }],
    ['a huge message', { ...message, message: 'x'.repeat(5001) }],
  ])('rejects %s with a validation error and stores nothing', async (_, payload) => {
    const contacts = service.app.get(ContactsRepository);
    const [storedBefore, mailedBefore] = [await contacts.count(), readOutbox(outbox).length];
    // Sent raw: the message breaks the contract on purpose.
    const error = await service.send(ContactRpc.submit.pattern, payload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.ValidationFailed);
    expect(await contacts.count()).toBe(storedBefore);
    expect(readOutbox(outbox)).toHaveLength(mailedBefore);
  });

  it('keeps the message when the mail server is down, flagged for follow-up', async () => {
    const env = envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}`,
    });
    const broken = await startServiceUnderTest('user-data-service', AppModule.register(env), infra.mongoUri);
    try {
      const receipt = await broken.call(ContactRpc.submit, {
        ...message,
        email: 'down@example.in',
      });
      const [stored] = await broken.app.get(ContactsRepository).findByEmail('down@example.in');
      expect(receipt).toEqual({ id: stored._id.toHexString() });
      expect(stored.mailed).toBe(false);
    } finally {
      await broken.close();
    }
  });
});
