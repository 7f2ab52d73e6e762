import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { QoeRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { PlaysService } from './plays.service';

@Controller()
export class QoeController {
  constructor(private readonly plays: PlaysService) {}

  @RpcHandler(QoeRpc.report)
  report(@RpcPayload() { userId, leaseId, samples, userAgent }: RpcRequest<typeof QoeRpc.report>) {
    return this.plays.report(userId, leaseId, samples, userAgent);
  }
}
