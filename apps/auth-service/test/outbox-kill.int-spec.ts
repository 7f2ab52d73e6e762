import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AuthRpc } from '@app/contracts';
import { startOutboxKillSuite, startSmtpOutbox, uniqueSuffix, type SmtpOutbox } from '@app/server-testing';
import { TEST_SECRETS } from './auth-helpers';

const ip = '198.51.100.29';

// Issue 29 §1: auth-service, run as its own process, dies between erasing an account and publishing `user.deleted`
// (the outbox's test hook kills it right after the change). Restarted, it announces the deletion: the event reaches
// the stream exactly once, under the id stored before the change, and a consumer applies it once.
describe('auth-service killed between the write and the publish (issue 29 §1)', () => {
  let smtp: SmtpOutbox;
  const suite = startOutboxKillSuite({
    service: 'auth-service',
    eventType: 'user.deleted',
    keyOf: ({ userId }) => userId,
    setUp: async () => {
      smtp = await startSmtpOutbox({ dir: mkdtempSync(path.join(tmpdir(), 'outbox-kill-')) });
    },
    tearDown: () => smtp?.stop(),
    env: () => ({ SMTP_URL: smtp.url, ...TEST_SECRETS }),
  });
  const deletionsOf = (userId: string) =>
    suite.eventsOf('user.deleted', (payload) => payload.userId === userId);

  it('announces the erased account once after the restart, and the account stays gone', async () => {
    const dying = await suite.start({ crashAfter: 'user.deleted' });
    const email = `leaving-${uniqueSuffix()}@example.in`;
    const password = 'correct horse battery';
    await suite.client.request(AuthRpc.signup.pattern, {
      username: 'Leaving',
      email,
      password,
      clientIp: ip,
    });
    const user = await suite.db.collection('users').findOne({ email });
    if (!user) throw new Error('the sign-up stored no user');
    const userId = user._id.toHexString();

    // The erase is made, then the process is killed before marking or publishing its events: no answer comes.
    await suite.diesDuring(
      dying,
      suite.client.request(AuthRpc.deleteOwnAccount.pattern, {
        userId,
        password,
        sessionIssuedAt: new Date().toISOString(),
      }),
    );
    expect(await suite.db.collection('users').findOne({ _id: user._id })).toBeNull();
    expect(await deletionsOf(userId)).toEqual([]);
    const left = await suite.outboxEntries();
    expect(left.map(({ type, state }) => ({ type, state }))).toEqual(
      expect.arrayContaining([
        { type: 'session.revoked', state: 'pending' },
        { type: 'user.deleted', state: 'pending' },
      ]),
    );
    const storedId = left.find(({ type }) => type === 'user.deleted')?._id;

    // Restarted (no hook): its relay finds the account gone, so the deletion was made, and announces it.
    const restarted = await suite.restartAndSettle(userId);
    const deletions = await deletionsOf(userId);
    expect(deletions.map(({ id, payload }) => ({ id, payload }))).toEqual([
      { id: storedId, payload: { userId } },
    ]);
    expect(await suite.eventsOf('session.revoked', (payload) => payload.userId === userId)).toHaveLength(1);
    expect(suite.applied.get(userId)).toBe(1);
    expect(await suite.db.collection('users').findOne({ _id: user._id })).toBeNull();
    // Its metrics say who published them and that nothing waits.
    const metrics = await suite.metrics(restarted);
    expect(metrics).toContain('outbox_published_total{by="relay"} 2');
    expect(metrics).toContain('outbox_waiting{state="pending"} 0');
  });
});
