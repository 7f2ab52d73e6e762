import { AuthRpc, ErrorCode, ParentalRpc } from '@app/contracts';
import type { ServiceUnderTest } from '@app/server-testing';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';

// Issue 25 against real MongoDB and Redis: the account holder's date of birth is declared once, and it is part of
// what "Download my data" gives back (DECISIONS 32).
describe('auth-service parental controls (issue 25)', () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let ctx: AuthContext;

  beforeAll(async () => {
    suite = await startAuthSuite('auth-parental');
    ({ service, ctx } = suite);
  });

  afterAll(() => suite?.close());

  it('keeps the first declared date of birth, and the account export carries it', async () => {
    const { id } = await ctx.newUser();
    expect(await service.call(AuthRpc.exportAccount, { userId: id })).not.toHaveProperty('dateOfBirth');
    const first = await service.call(ParentalRpc.declareAge, { accountId: id, dateOfBirth: '1985-04-12' });
    expect(first.adultDeclared).toBe(true);
    await service.call(ParentalRpc.declareAge, { accountId: id, dateOfBirth: '1990-01-01' });
    expect(await service.call(AuthRpc.exportAccount, { userId: id })).toMatchObject({
      dateOfBirth: '1985-04-12',
    });
  });

  it('asks the PIN once per title and session for a sitting; another title, session or a new PIN asks again', async () => {
    const { id, password } = await ctx.newUser();
    await service.call(ParentalRpc.declareAge, { accountId: id, dateOfBirth: '1980-01-01' });
    const setPin = (pin: string) =>
      service.call(ParentalRpc.update, {
        accountId: id,
        password,
        pin,
        pinFrom: 'UA16',
        clientIp: '10.0.0.1',
      });
    await setPin('2468');
    const series = { sessionId: 'session-a', titleId: 'a'.repeat(24) };
    const check = (extra: { pin?: string; sitting?: typeof series }) =>
      service.send(ParentalRpc.check.pattern, {
        accountId: id,
        profileKind: 'standard',
        classification: 'A',
        ...extra,
      });
    const pinRequired = { code: ErrorCode.ParentalPinRequired };

    await expect(check({ sitting: series })).rejects.toMatchObject(pinRequired);
    await expect(check({ pin: '2468', sitting: series })).resolves.toEqual({ allowed: true });
    // The next episode of the series, in the same session: no PIN.
    await expect(check({ sitting: series })).resolves.toEqual({ allowed: true });
    await expect(check({ sitting: { ...series, titleId: 'b'.repeat(24) } })).rejects.toMatchObject(
      pinRequired,
    );
    await expect(check({ sitting: { ...series, sessionId: 'session-b' } })).rejects.toMatchObject(
      pinRequired,
    );
    await expect(check({})).rejects.toMatchObject(pinRequired);
    // A new PIN ends every sitting.
    await setPin('1357');
    await expect(check({ sitting: series })).rejects.toMatchObject(pinRequired);
  });
});
