import type { INestApplication } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { MetricsService } from '@app/server-core';

/** How an app's MemoCache look-ups counted under `name` (MetricsService.memoLookups) were answered so far. */
export const memoLookupCounts = async (app: INestApplication, name: string) => {
  const counter = app.get(MetricsService).registry.getSingleMetric(name) as Counter | undefined;
  const values = (await counter?.get())?.values ?? [];
  const of = (result: string) => values.find((value) => value.labels.result === result)?.value ?? 0;
  return { hit: of('hit'), joined: of('joined'), miss: of('miss') };
};
