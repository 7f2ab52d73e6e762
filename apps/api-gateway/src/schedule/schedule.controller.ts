import { Controller, Param } from '@nestjs/common';
import { ScheduleRoutes } from '@app/contracts';
import type { SessionUser } from '@app/contracts';
import { CurrentUser } from '../auth/auth.decorators';
import { Endpoint } from '../routes/endpoint.decorator';
import { RemindersService } from './reminders.service';
import { ScheduleClient } from './schedule.client';

/** Issue 28: the Coming soon row and the acting profile's reminders. */
@Controller()
export class ScheduleController {
  constructor(
    private readonly schedule: ScheduleClient,
    private readonly reminders: RemindersService,
  ) {}

  @Endpoint(ScheduleRoutes.comingSoon)
  comingSoon() {
    return this.schedule.comingSoon();
  }

  @Endpoint(ScheduleRoutes.reminders)
  list(@CurrentUser() caller: SessionUser) {
    return this.reminders.list(caller);
  }

  @Endpoint(ScheduleRoutes.remind)
  remind(@Param('titleId') titleId: string, @CurrentUser() caller: SessionUser) {
    return this.reminders.remind(caller, titleId);
  }

  @Endpoint(ScheduleRoutes.forget)
  forget(@Param('titleId') titleId: string, @CurrentUser() caller: SessionUser) {
    return this.reminders.forget(caller, titleId);
  }
}
