import { Logger } from '@nestjs/common';
import { AccessReason, ErrorCode, MovieAccess, PlaybackEvent } from '@app/contracts';
import type { Entitlement, HeartbeatRequest, HeartbeatRpcReply, Playable } from '@app/contracts';
import { AppError } from '@app/server-core';
import { planEntitlement } from '@app/server-testing';
import type { HeldEntitlements } from '../payments/held-entitlements';
import type { TitleAccessService } from '../payments/title-access.service';
import { HeartbeatService, rentalMayFinish } from './heartbeat.service';
import type { StreamingClient } from './streaming.client';

const USER = 'b'.repeat(24);
const MOVIE = 'd'.repeat(24);
const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const beat = (overrides: Partial<HeartbeatRpcReply> = {}): HeartbeatRpcReply => ({
  leaseActive: true,
  token: 'renewed.token',
  expiresAt: iso(120_000),
  userId: USER,
  movieId: MOVIE,
  isAdmin: false,
  startedAt: iso(-HOUR),
  durationSeconds: 2 * 3600,
  ...overrides,
});
const entitlement = (overrides: Partial<Entitlement> = {}): Entitlement => planEntitlement(MOVIE, overrides);
const expiredRental = (expiresAt: string): Partial<Entitlement> => ({
  canWatch: false,
  reason: AccessReason.RentalExpired,
  plan: null,
  rental: { rentedAt: iso(-72 * HOUR), startBy: iso(28 * 24 * HOUR), startedAt: iso(-48 * HOUR), expiresAt },
});
const request: HeartbeatRequest = {
  token: 'token.signature',
  leaseId: 'lease-0001',
  positionSeconds: 10,
  durationSeconds: 7200,
  event: PlaybackEvent.Tick,
  watchedSeconds: 10,
};
const playable: Playable = {
  id: MOVIE,
  title: 'Lagaan',
  posterUrl: '/p.svg',
  genre: 'Drama',
  rating: 8.1,
  classification: 'UA13',
  descriptors: [],
  facts: {
    movieId: MOVIE,
    title: 'Lagaan',
    access: MovieAccess.Premium,
    purchasePriceInr: 1200,
    rentalPriceInr: 500,
    kind: 'movie',
  },
  episode: null,
};

const setup = (answer: Partial<Entitlement> = {}, reply: Partial<HeartbeatRpcReply> = {}) => {
  const streaming = {
    heartbeat: jest.fn().mockResolvedValue(beat(reply)),
    stop: jest.fn().mockResolvedValue({ stopped: true }),
  };
  const access = { of: jest.fn().mockResolvedValue(entitlement(answer)) };
  const titles = { playable: jest.fn().mockResolvedValue(playable) };
  const service = new HeartbeatService(
    streaming as unknown as StreamingClient,
    access as unknown as HeldEntitlements,
    titles as unknown as TitleAccessService,
  );
  return { service, streaming, access, titles };
};

describe('HeartbeatService (DECISIONS 35)', () => {
  it('answers the player its lease and new token only, after asking access again as for the lease’s viewer', async () => {
    const { service, streaming, access, titles } = setup({}, { isAdmin: true });
    expect(await service.heartbeat(request)).toEqual({
      leaseActive: true,
      token: 'renewed.token',
      expiresAt: expect.any(String),
    });
    expect(streaming.heartbeat).toHaveBeenCalledWith(request);
    expect(titles.playable).toHaveBeenCalledWith(MOVIE);
    expect(access.of).toHaveBeenCalledWith({ userId: USER, isAdmin: true }, playable.facts);
    expect(streaming.stop).not.toHaveBeenCalled();
  });

  it.each([
    ['the plan ended', { canWatch: false, reason: AccessReason.PremiumRequired, plan: null }],
    ['the rental ran out before the playback began', expiredRental(iso(-2 * HOUR))],
  ])('stops the lease when %s, and the player hears leaseActive false', async (_, answer) => {
    const { service, streaming } = setup(answer);
    expect(await service.heartbeat(request)).toEqual({ leaseActive: false });
    expect(streaming.stop).toHaveBeenCalledWith(USER, 'lease-0001');
  });

  it('asks nothing more of a lease streaming-service ended, an exit’s included', async () => {
    for (const event of [PlaybackEvent.Tick, PlaybackEvent.Exit]) {
      const { service, access, streaming } = setup(
        {},
        { leaseActive: false, token: undefined, expiresAt: undefined },
      );
      expect(await service.heartbeat({ ...request, event })).toEqual({ leaseActive: false });
      expect(access.of).not.toHaveBeenCalled();
      expect(streaming.stop).not.toHaveBeenCalled();
    }
  });

  it('lets the stream play on when access cannot answer (the next heartbeat asks again)', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { service, access, streaming } = setup();
    access.of.mockRejectedValue(
      new AppError(ErrorCode.ServiceUnavailable, 'Payments are unavailable right now.'),
    );
    expect(await service.heartbeat(request)).toMatchObject({ leaseActive: true });
    expect(streaming.stop).not.toHaveBeenCalled();
    expect(warned).toHaveBeenCalled();
    warned.mockRestore();
  });
});

describe('a rental playback that started before expiry may finish (DECISIONS 7)', () => {
  const now = new Date();
  const lease = { startedAt: iso(-HOUR), durationSeconds: 2 * 3600 };
  const refused = (expiresAt: string) => entitlement(expiredRental(expiresAt));

  it('plays on until the rental’s expiry plus the title’s length', () => {
    // Expired 30 minutes ago, the film runs 2 hours: 90 minutes left.
    expect(rentalMayFinish(refused(iso(-HOUR / 2)), lease, now)).toBe(true);
    // Expired 2 h 1 min ago: past expiry + length.
    expect(
      rentalMayFinish(refused(iso(-2 * HOUR - 60_000)), { ...lease, startedAt: iso(-3 * HOUR) }, now),
    ).toBe(false);
  });

  it('gives nothing to a playback begun after the expiry, a title of unknown length, or another refusal', () => {
    expect(rentalMayFinish(refused(iso(-2 * HOUR)), lease, now)).toBe(false);
    expect(rentalMayFinish(refused(iso(-60_000)), { ...lease, durationSeconds: null }, now)).toBe(false);
    expect(rentalMayFinish(refused(iso(-60_000)), { ...lease, startedAt: null }, now)).toBe(false);
    expect(
      rentalMayFinish(
        entitlement({ canWatch: false, reason: AccessReason.PremiumRequired, rental: null }),
        lease,
        now,
      ),
    ).toBe(false);
  });
});
