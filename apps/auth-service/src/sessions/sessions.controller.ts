import { Controller } from '@nestjs/common';
import { AuthRpc } from '@app/contracts';
import type { ResolveSession, SessionIdRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @RpcHandler(AuthRpc.resolveSession)
  resolve(@RpcPayload() { token }: ResolveSession) {
    return this.sessions.resolve(token);
  }

  @RpcHandler(AuthRpc.logout)
  revoke(@RpcPayload() { sessionId }: SessionIdRpc) {
    return this.sessions.revoke(sessionId).then(() => ({ revoked: true }) as const);
  }
}
