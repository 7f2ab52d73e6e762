import { DevicePatterns, Role, UserStatus } from '@app/contracts';
import type { SessionUser } from '@app/contracts';
import type { ServiceClients } from '../clients/service-clients';
import { AuthClient } from './auth.client';
import { SessionCache } from './session.cache';

const VIEWER = '65f0c0ffee0000000000a001';
const ADMIN = '65f0c0ffee0000000000a003';
const caller = (id: string, role: Role, deviceId?: string): SessionUser => ({
  id,
  username: 'asha',
  email: `${id}@example.in`,
  role,
  status: UserStatus.Active,
  sessionId: `session-${id}`,
  ...(deviceId ? { deviceId } : {}),
});

/** What the gateway asks auth-service for each device route, and which held sessions it drops after. */
const setUp = () => {
  const sent: [string, unknown][] = [];
  const send = jest.fn(async ({ pattern }: { pattern: string }, payload: unknown) => {
    sent.push([pattern, payload]);
    return pattern === DevicePatterns.list ? { data: [] } : { sessionIds: ['ended-1'] };
  });
  const cache = new SessionCache({ ttlMs: 60_000 });
  const forget = jest.spyOn(cache, 'forget');
  const auth = new AuthClient({ get: () => ({ send }) } as unknown as ServiceClients, cache);
  return { auth, sent, forget };
};

describe('AuthClient: devices (issue 27)', () => {
  it("marks the caller's device current in their own list, and none in another account's (an admin)", async () => {
    const { auth, sent } = setUp();
    await auth.listDevices(caller(VIEWER, Role.User, 'laptop'), VIEWER);
    await auth.listDevices(caller(ADMIN, Role.Admin, 'admin-pc'), VIEWER);
    expect(sent).toEqual([
      [DevicePatterns.list, { userId: VIEWER, currentDeviceId: 'laptop' }],
      [DevicePatterns.list, { userId: VIEWER, currentDeviceId: undefined }],
    ]);
  });

  it('keeps the caller\'s device on "all others"; a session from before devices is its own device', async () => {
    const { auth, sent } = setUp();
    await auth.signOutOtherDevices(caller(VIEWER, Role.User, 'laptop'), VIEWER);
    await auth.signOutOtherDevices(caller(VIEWER, Role.User), VIEWER);
    await auth.signOutOtherDevices(caller(ADMIN, Role.Admin, 'admin-pc'), VIEWER);
    expect(sent).toEqual([
      [DevicePatterns.signOutOthers, { userId: VIEWER, keepDeviceId: 'laptop' }],
      [DevicePatterns.signOutOthers, { userId: VIEWER, keepDeviceId: `session-${VIEWER}` }],
      [DevicePatterns.signOutOthers, { userId: VIEWER, keepDeviceId: undefined }],
    ]);
  });

  it('drops the sessions it held of a signed-out device at once', async () => {
    const { auth, forget } = setUp();
    await auth.signOutDevice(VIEWER, 'phone');
    const [match] = forget.mock.calls[0];
    expect(match({ ...caller(VIEWER, Role.User), sessionId: 'ended-1' })).toBe(true);
    expect(match({ ...caller(VIEWER, Role.User), sessionId: 'kept' })).toBe(false);
  });
});
