import { Controller } from '@nestjs/common';
import { AuthRpc } from '@app/contracts';
import type { AuditLogQuery } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { AuditLogService } from './audit-log.service';

/** The admin audit log; the gateway lets only admins through. */
@Controller()
export class AuditLogController {
  constructor(private readonly audit: AuditLogService) {}

  @RpcHandler(AuthRpc.auditLog)
  page(@RpcPayload() query: AuditLogQuery) {
    return this.audit.page(query);
  }
}
