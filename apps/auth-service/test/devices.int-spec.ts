import type { Redis } from 'ioredis';
import { JwtService } from '@nestjs/jwt';
import { AuthMessages, AuthRpc, DeviceMessages, DeviceRpc, ErrorCode, ProfileRpc } from '@app/contracts';
import type { ServiceUnderTest, SmtpOutbox } from '@app/server-testing';
import { failure, mailsIn } from '@app/server-testing';
import { BackgroundTasks } from '../src/background/background-tasks';
import { LAST_SEEN_EVERY_MS } from '../src/sessions/sessions.service';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';
import { busEvents, newBrowserBinding, signIn, TEST_SECRETS } from './auth-helpers';

const ip = '203.0.113.27';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

/** Issue 27, "Devices and sign-ins", against real MongoDB, Redis and SMTP. */
describe('auth-service devices and sign-ins', () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let redis: Redis;
  let smtp: SmtpOutbox;
  let ctx: AuthContext;

  const resolve = (token: string) => service.call(AuthRpc.resolveSession, { token });
  const devicesOf = (userId: string, currentDeviceId?: string) =>
    service.call(DeviceRpc.list, { userId, currentDeviceId }).then(({ data }) => data);
  const revocationsOf = async (userId: string) =>
    (await busEvents(redis))
      .filter((event) => event.type === 'session.revoked' && event.payload.userId === userId)
      .map((event) => event.payload.sessionId);
  const newDeviceMails = (email: string) =>
    mailsIn(smtp.dir, email).filter((mail) => mail.subject === 'New sign-in to your Streamly account');
  const mailsSettled = () => service.app.get(BackgroundTasks).idle();

  beforeAll(async () => {
    suite = await startAuthSuite('auth-devices');
    ({ service, redis, ctx, outbox: smtp } = suite);
  });

  afterAll(() => suite?.close());

  it('lists each sign-in as a device named from its browser, the caller’s marked; a profile switch adds none', async () => {
    const asha = await ctx.newUser();
    const laptop = await signIn(service, { ...asha, clientIp: ip, userAgent: CHROME_WINDOWS });
    const phone = await signIn(service, { ...asha, clientIp: ip, userAgent: SAFARI_IPHONE });
    const onLaptop = await resolve(laptop.token);
    expect(onLaptop.deviceId).toEqual(expect.any(String));

    const { token: switched } = await service.call(ProfileRpc.select, {
      accountId: asha.id,
      profileId: asha.id,
      deviceId: onLaptop.deviceId,
    });
    const afterSwitch = await resolve(switched);
    expect(afterSwitch.deviceId).toBe(onLaptop.deviceId);
    expect(afterSwitch.sessionId).not.toBe(onLaptop.sessionId);

    const devices = await devicesOf(asha.id, onLaptop.deviceId);
    expect(devices).toHaveLength(2);
    expect(devices.map(({ label, current }) => [label, current]).sort()).toEqual([
      ['Chrome on Windows', true],
      ['Safari on iPhone', false],
    ]);
    for (const device of devices) {
      expect(Date.parse(device.firstSeenAt)).toBeLessThanOrEqual(Date.parse(device.lastSeenAt));
      expect(Date.now() - Date.parse(device.lastSeenAt)).toBeLessThan(60_000);
    }
    // An admin's view of the account (no current device of theirs there) lists the same two, none current.
    expect((await devicesOf(asha.id)).map(({ current }) => current)).toEqual([false, false]);
    await resolve(phone.token);
  });

  it('signs a device out: every token issued under it stops resolving, each announced as session.revoked', async () => {
    const asha = await ctx.newUser();
    const laptop = await signIn(service, { ...asha, clientIp: ip, userAgent: CHROME_WINDOWS });
    const phone = await signIn(service, { ...asha, clientIp: ip, userAgent: SAFARI_IPHONE });
    const onPhone = await resolve(phone.token);
    const { token: phoneSwitched } = await service.call(ProfileRpc.select, {
      accountId: asha.id,
      profileId: asha.id,
      deviceId: onPhone.deviceId,
    });
    const switchedSession = (await resolve(phoneSwitched)).sessionId;

    const { sessionIds } = await service.call(DeviceRpc.signOut, {
      userId: asha.id,
      deviceId: onPhone.deviceId ?? '',
    });
    expect(sessionIds.sort()).toEqual([onPhone.sessionId, switchedSession].sort());
    for (const token of [phone.token, phoneSwitched])
      expect(await failure(resolve(token))).toMatchObject({
        code: ErrorCode.Unauthorized,
        message: AuthMessages.sessionExpired,
      });
    expect((await revocationsOf(asha.id)).sort()).toEqual([onPhone.sessionId, switchedSession].sort());
    expect((await resolve(laptop.token)).id).toBe(asha.id);
    expect((await devicesOf(asha.id)).map(({ label }) => label)).toEqual(['Chrome on Windows']);

    // Gone now, and never another account's: 404.
    expect(
      await failure(service.call(DeviceRpc.signOut, { userId: asha.id, deviceId: onPhone.deviceId ?? '' })),
    ).toMatchObject({ code: ErrorCode.NotFound, message: DeviceMessages.notFound });
    const other = await ctx.newUser();
    const onLaptop = await resolve(laptop.token);
    expect(
      await failure(service.call(DeviceRpc.signOut, { userId: other.id, deviceId: onLaptop.deviceId ?? '' })),
    ).toMatchObject({ code: ErrorCode.NotFound });
    expect((await resolve(laptop.token)).id).toBe(asha.id);
  });

  it('signs out all other devices, keeping the caller’s', async () => {
    const asha = await ctx.newUser();
    const kept = await signIn(service, { ...asha, clientIp: ip, userAgent: CHROME_WINDOWS });
    const others = [
      await signIn(service, { ...asha, clientIp: ip, userAgent: SAFARI_IPHONE }),
      await signIn(service, { ...asha, clientIp: ip, userAgent: FIREFOX_LINUX }),
    ];
    const caller = await resolve(kept.token);
    const { sessionIds } = await service.call(DeviceRpc.signOutOthers, {
      userId: asha.id,
      keepDeviceId: caller.deviceId,
    });
    expect(sessionIds).toHaveLength(2);
    for (const { token } of others)
      expect((await failure(resolve(token)))?.code).toBe(ErrorCode.Unauthorized);
    expect((await resolve(kept.token)).sessionId).toBe(caller.sessionId);
    expect((await revocationsOf(asha.id)).sort()).toEqual([...sessionIds].sort());
    expect(await devicesOf(asha.id, caller.deviceId)).toEqual([
      expect.objectContaining({ label: 'Chrome on Windows', current: true }),
    ]);
  });

  it('lists no device once every session of the account ended (password reset, ban: the token version moved on)', async () => {
    const asha = await ctx.newUser();
    const { token } = await signIn(service, { ...asha, clientIp: ip, userAgent: CHROME_WINDOWS });
    expect(await devicesOf(asha.id)).toHaveLength(1);
    await ctx.users.endSessions(asha.id);
    expect((await failure(resolve(token)))?.code).toBe(ErrorCode.Unauthorized);
    expect(await devicesOf(asha.id)).toEqual([]);
  });

  it('moves a device’s last seen when it is used after 5 minutes, not on every request', async () => {
    const asha = await ctx.newUser();
    const { token } = await signIn(service, { ...asha, clientIp: ip, userAgent: CHROME_WINDOWS });
    const { deviceId } = await resolve(token);
    const [signedIn] = await devicesOf(asha.id);
    // As though the device was last seen just over 5 minutes ago.
    const earlier = Date.now() - LAST_SEEN_EVERY_MS - 1_000;
    await redis.hset(`auth:devices:${asha.id}`, `${deviceId}:seen`, String(earlier));
    expect((await devicesOf(asha.id))[0].lastSeenAt).toBe(new Date(earlier).toISOString());
    await resolve(token);
    const [seen] = await devicesOf(asha.id);
    expect(Date.parse(seen.lastSeenAt)).toBeGreaterThan(earlier + LAST_SEEN_EVERY_MS);
    expect(seen.firstSeenAt).toBe(signedIn.firstSeenAt);
    // Seen just now: the next request writes nothing.
    const recent = Date.now() - 60_000;
    await redis.hset(`auth:devices:${asha.id}`, `${deviceId}:seen`, String(recent));
    await resolve(token);
    expect((await devicesOf(asha.id))[0].lastSeenAt).toBe(new Date(recent).toISOString());
  });

  it('mails a sign-in from a new device (what, when in IST, from where, what to do), not the first nor a known one', async () => {
    const asha = await ctx.newUser();
    await signIn(service, { ...asha, clientIp: ip, userAgent: CHROME_WINDOWS });
    await mailsSettled();
    expect(newDeviceMails(asha.email)).toEqual([]);
    // The same browser and OS again (a newer version): known.
    await signIn(service, { ...asha, clientIp: ip, userAgent: CHROME_WINDOWS.replace('131.0', '132.0') });
    await mailsSettled();
    expect(newDeviceMails(asha.email)).toEqual([]);

    await signIn(service, { ...asha, clientIp: '198.51.100.7', userAgent: SAFARI_IPHONE });
    const mail = await smtp.waitForMail(
      asha.email,
      (m) => m.subject === 'New sign-in to your Streamly account',
    );
    expect(mail.text).toContain('Device: Safari on iPhone');
    expect(mail.text).toMatch(/When: .+ IST/);
    expect(mail.text).toContain('From address: 198.51.100.7');
    expect(mail.text).toContain('/forgot-password');
    await signIn(service, { ...asha, clientIp: ip, userAgent: SAFARI_IPHONE });
    await mailsSettled();
    expect(newDeviceMails(asha.email)).toHaveLength(1);
  });

  it('keeps a session from before devices (a token without did) working as its own "Unknown device"', async () => {
    const asha = await ctx.newUser();
    const { token } = await signIn(service, { ...asha, clientIp: ip, userAgent: CHROME_WINDOWS });
    const { sessionId, deviceId } = await resolve(token);
    // What a session issued before devices leaves: its record, and no device.
    await redis.hdel(
      `auth:devices:${asha.id}`,
      `${deviceId}:info`,
      `${deviceId}:seen`,
      `${deviceId}:s:${sessionId}`,
    );
    const legacy = await new JwtService({ secret: TEST_SECRETS.JWT_SECRET }).signAsync(
      { sub: asha.id, jti: sessionId, ver: 0 },
      { expiresIn: 3600 },
    );
    expect((await resolve(legacy)).deviceId).toBe(sessionId);
    expect(await devicesOf(asha.id)).toEqual([
      expect.objectContaining({ id: sessionId, label: 'Unknown device' }),
    ]);
    await service.call(DeviceRpc.signOut, { userId: asha.id, deviceId: sessionId });
    expect((await failure(resolve(legacy)))?.code).toBe(ErrorCode.Unauthorized);
  });

  it('a Google sign-in is a device too; setting the first password can sign out every other device', async () => {
    const email = ctx.uniqueEmail('google');
    const withGoogle = async (userAgent: string) => {
      const { browserBinding, browserBindingHash } = newBrowserBinding();
      const { code } = await service.call(AuthRpc.googleSignIn, {
        googleId: `google-${email}`,
        email,
        emailVerified: true,
        displayName: 'Asha',
        picture: null,
        browserBindingHash,
      });
      return service.call(AuthRpc.exchangeOAuthCode, { code, browserBinding, clientIp: ip, userAgent });
    };
    const here = await withGoogle(CHROME_WINDOWS);
    const there = await withGoogle(SAFARI_IPHONE);
    const caller = await resolve(here.token);
    expect((await devicesOf(caller.id)).map(({ label }) => label).sort()).toEqual([
      'Chrome on Windows',
      'Safari on iPhone',
    ]);

    await service.call(AuthRpc.setPassword, {
      userId: caller.id,
      newPassword: 'a first password',
      signOutOthers: true,
      deviceId: caller.deviceId,
    });
    expect((await failure(resolve(there.token)))?.code).toBe(ErrorCode.Unauthorized);
    expect((await resolve(here.token)).sessionId).toBe(caller.sessionId);
    expect((await devicesOf(caller.id)).map(({ label }) => label)).toEqual(['Chrome on Windows']);
  });
});
