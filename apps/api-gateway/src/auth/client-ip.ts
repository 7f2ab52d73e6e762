import { createParamDecorator, ExecutionContext, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express, Request } from 'express';
import { USER_AGENT_MAX_LENGTH } from '@app/contracts';
import { ENV } from '@app/server-core';
import type { Env } from '../env';

/** `'true'`, a hop count, or a comma-separated list of addresses/subnets (Express `trust proxy`). */
const trustProxyValue = (value: string): boolean | number | string => {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
};

/** Applies TRUST_PROXY, so `req.ip` is the real client behind the ingress (rate limits are per client IP). */
@Injectable()
export class TrustProxySetup implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit() {
    const instance = this.adapterHost.httpAdapter?.getInstance<Express>();
    instance?.set('trust proxy', trustProxyValue(this.env.TRUST_PROXY));
  }
}

/** Handler parameter: the caller's IP as Express sees it (honouring TRUST_PROXY). */
export const ClientIp = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const request = ctx.switchToHttp().getRequest<Request>();
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
});

/** Handler parameter: the caller's User-Agent, cut to what the contract takes (a sign-in's device, QoE's browser). */
export const UserAgent = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const header = ctx.switchToHttp().getRequest<Request>().headers['user-agent'];
  return (header ?? '').slice(0, USER_AGENT_MAX_LENGTH);
});
