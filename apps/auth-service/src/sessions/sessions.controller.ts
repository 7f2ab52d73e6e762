import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AuthPatterns, ResolveSessionSchema, SessionIdRpcSchema } from '@app/contracts';
import type { ResolveSession, SessionIdRpc } from '@app/contracts';
import { RpcPayload } from '@app/server-core';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(AuthPatterns.resolveSession)
  resolve(@RpcPayload(ResolveSessionSchema) { token }: ResolveSession) {
    return this.sessions.resolve(token);
  }

  @MessagePattern(AuthPatterns.logout)
  revoke(@RpcPayload(SessionIdRpcSchema) { sessionId }: SessionIdRpc) {
    return this.sessions.revoke(sessionId).then(() => ({ revoked: true }));
  }
}
