import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InteractionsRepository } from './interactions.repository';

/**
 * The profiles migration (issue 25): interactions stored before profiles become the account's default profile's,
 * whose id is the account's (their Redis profiles are already keyed by that id), and the unique index without the
 * profile goes. Runs at every boot, before the service answers; idempotent.
 */
@Injectable()
export class InteractionsMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger(InteractionsMigration.name);

  constructor(private readonly interactions: InteractionsRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    const moved = await this.run();
    if (moved) this.logger.log({ msg: 'interactions moved to default profiles', moved });
  }

  run(): Promise<number> {
    return this.interactions.moveToDefaultProfile();
  }
}
