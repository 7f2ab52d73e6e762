import type { ExecutionContext } from '@nestjs/common';
import { createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { USER_AGENT_MAX_LENGTH } from '@app/contracts';

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it (proxy-addr's rules, as Express's `trust proxy` had them): `'true'`,
 * a hop count, or a comma-separated list of addresses, subnets or names (`loopback`).
 */
export const trustProxyValue = (value: string): boolean | number | string => {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
};

/** Handler parameter: the caller's IP as Fastify sees it (honouring TRUST_PROXY). */
export const ClientIp = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  return request.ip || request.socket.remoteAddress || 'unknown';
});

/** Handler parameter: the caller's User-Agent, cut to what the contract takes (a sign-in's device, QoE's browser). */
export const UserAgent = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const header = ctx.switchToHttp().getRequest<FastifyRequest>().headers['user-agent'];
  return (header ?? '').slice(0, USER_AGENT_MAX_LENGTH);
});
