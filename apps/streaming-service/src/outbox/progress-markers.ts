import type { EventPayload } from '@app/contracts';
import type { MarkedEvent, MarkerSource } from '@app/server-core';
import type { LeasesRepository } from '../playback/leases.repository';

/** `watch.progressed` as a heartbeat marks it (lease-scripts.ts HEARTBEAT): dated when it was reported. */
export const progressEvent = (report: EventPayload<'watch.progressed'>): MarkedEvent => ({
  type: 'watch.progressed',
  payload: report,
  occurredAt: new Date(report.reportedAt),
});

/** The heartbeats whose `watch.progressed` no request finished announcing, for the outbox's relay. */
export const progressMarkers = (leases: LeasesRepository): MarkerSource => ({
  pending: async (before, limit) =>
    (await leases.unannouncedProgress(before.getTime(), limit)).map(({ marker, report }) => ({
      event: progressEvent(report),
      done: () => leases.clearProgress(marker),
    })),
});
