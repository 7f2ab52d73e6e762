import { Module } from '@nestjs/common';
import { EdgeRevocations } from './edge-revocations';
import { DEFAULT_LEASE_SETTINGS, LEASE_SETTINGS, LeasesRepository } from './leases.repository';

/**
 * The stream leases in Redis: playback and the outbox's relay (the progress reports a heartbeat marks, issue 29 §1)
 * import this module, as media's users import MediaDataModule.
 */
@Module({
  providers: [
    LeasesRepository,
    EdgeRevocations,
    { provide: LEASE_SETTINGS, useValue: DEFAULT_LEASE_SETTINGS },
  ],
  exports: [LeasesRepository],
})
export class LeaseDataModule {}
