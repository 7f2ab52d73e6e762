import { isIPv4 } from 'node:net';
import type { ExecutionContext } from '@nestjs/common';
import { SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ThrottlerOptions } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { NamedLimit } from '@app/contracts';
import { RequestContext } from '@app/server-core';
import type { Env } from '../env';

export type { NamedLimit };

/** The budget every route draws on (one per client, across routes). */
export const DEFAULT_LIMIT = 'default';

const NAMED_LIMIT = 'gateway:named-rate-limit';
const NOT_LIMITED = 'gateway:not-rate-limited';

/** The route also draws on a tighter budget: `browse` (expensive public reads) or `contact` (the contact form). */
export const RateLimited = (limit: NamedLimit) => SetMetadata(NAMED_LIMIT, limit);

/** Not counted at all: health probes, and callers who retry by design (Razorpay's signed webhook). */
export const NotRateLimited = () => SetMetadata(NOT_LIMITED, true);

const reflector = new Reflector();
/** A handler or a controller class, as Nest keeps metadata on them. */
type MetadataTarget = Parameters<Reflector['get']>[1];

/**
 * What a handler counts against beyond the default budget: the tighter one it (or its controller) names, false
 * when it is not rate-limited at all, undefined when the default budget alone applies. The OpenAPI route table
 * says the same per route (`rateLimit`), and a test holds the two together.
 */
export const rateLimitOf = (
  handler: MetadataTarget,
  controller: MetadataTarget,
): NamedLimit | false | undefined => {
  if (reflector.getAllAndOverride<boolean | undefined>(NOT_LIMITED, [handler, controller])) return false;
  return reflector.getAllAndOverride<NamedLimit | undefined>(NAMED_LIMIT, [handler, controller]);
};

export const rateLimitAt = (context: ExecutionContext) =>
  rateLimitOf(context.getHandler(), context.getClass());

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const onlyFor = (name: NamedLimit) => (context: ExecutionContext) => rateLimitAt(context) !== name;

type LimitsEnv = Pick<
  Env,
  'RATE_LIMIT_PER_MINUTE' | 'RATE_LIMIT_BROWSE_PER_MINUTE' | 'RATE_LIMIT_CONTACT_PER_HOUR'
>;

/**
 * Carrier-grade NAT (README, security): most mobile viewers in India reach us through a carrier's shared IPv4
 * address, and an office or a hostel leaves through one address too, so a visitor counted by an IPv4 address gets
 * this many times one client's budget. A signed-in caller (counted by account) and an IPv6 /64 (one subscriber
 * line) are one client each.
 */
export const SHARED_ADDRESS_FACTOR = 10;

/** The address a caller is counted by: an IPv4-mapped IPv6 address (a dual-stack socket) as the IPv4 it is. */
export const clientAddress = (ip: string): string => {
  const mapped = /^::ffff:(.+)$/i.exec(ip)?.[1];
  return mapped && isIPv4(mapped) ? mapped : ip;
};

/** Whether a caller without a session connects from an IPv4 address, possibly shared by many viewers. */
export const isSharedAddress = (ip: string): boolean => isIPv4(clientAddress(ip));

/** One client's budget, or SHARED_ADDRESS_FACTOR times it for a visitor behind an IPv4 address. */
const perClient =
  (limit: number) =>
  (context: ExecutionContext): number => {
    if (RequestContext.user()) return limit;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const ip = request.ip || request.socket.remoteAddress || '';
    return isSharedAddress(ip) ? limit * SHARED_ADDRESS_FACTOR : limit;
  };

/** The throttlers of `@nestjs/throttler`: a client blocked by one waits until it lets them through again. */
export const rateLimitsFrom = (env: LimitsEnv): ThrottlerOptions[] => [
  { name: DEFAULT_LIMIT, limit: perClient(env.RATE_LIMIT_PER_MINUTE), ttl: MINUTE_MS },
  {
    name: 'browse',
    limit: perClient(env.RATE_LIMIT_BROWSE_PER_MINUTE),
    ttl: MINUTE_MS,
    skipIf: onlyFor('browse'),
  },
  {
    name: 'contact',
    limit: perClient(env.RATE_LIMIT_CONTACT_PER_HOUR),
    ttl: HOUR_MS,
    skipIf: onlyFor('contact'),
  },
];
