import { AuthRpc, ParentalRpc } from '@app/contracts';
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
});
