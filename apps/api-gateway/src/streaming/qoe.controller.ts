import { Body, Controller } from '@nestjs/common';
import { QoeRoutes } from '@app/contracts';
import type { QoeBatchRequest, SessionUser } from '@app/contracts';
import { CurrentUser } from '../auth/auth.decorators';
import { UserAgent } from '../auth/client-ip';
import { Endpoint } from '../routes/endpoint.decorator';
import { QoeClient } from './qoe.client';

/** The player's QoE batches, for the caller's own stream only. Registered before the playback controller's `{id}`. */
@Controller()
export class QoeController {
  constructor(private readonly qoe: QoeClient) {}

  @Endpoint(QoeRoutes.report)
  report(@Body() batch: QoeBatchRequest, @CurrentUser() user: SessionUser, @UserAgent() userAgent: string) {
    return this.qoe.report(user.id, batch, userAgent);
  }
}
