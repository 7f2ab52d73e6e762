import { useEffect } from 'react';
import type { QoeSample } from '@app/contracts';
import { QOE_MAX_SAMPLES } from '@app/contracts';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { qoeApi } from '../api/qoe.api';
import { type MeteredMedia, QoeMeter } from '../qoe-meter';

/** Share of playbacks that report (sampled: one in two); tests pass 1. */
export const QOE_SAMPLE_RATE = 0.5;
/** One sample per this long; a batch goes out every QOE_BATCH_SAMPLES samples and when the player goes away. */
export const QOE_SAMPLE_MS = 30_000;
export const QOE_BATCH_SAMPLES = 2;

type QoeOptions = { leaseId: string | undefined; media: MeteredMedia | null; sampleRate?: number };

/**
 * Reports the playback's quality (issue 28) for its own lease, sampled per playback and batched: start-up time,
 * rebuffering, rendition played and switches, fatal errors (the server reads the browser from the request). A
 * failed report is dropped: QoE never disturbs playback.
 */
export const useQoeReporter = ({ leaseId, media, sampleRate = QOE_SAMPLE_RATE }: QoeOptions) => {
  const client = useApiClient();
  useEffect(() => {
    if (!leaseId || !media || Math.random() >= sampleRate) return;
    const meter = new QoeMeter(media);
    let batch: QoeSample[] = [];
    const send = () => {
      const samples = batch.slice(0, QOE_MAX_SAMPLES);
      batch = [];
      if (samples.length > 0) void qoeApi.report(client, { leaseId, samples }).catch(() => undefined);
    };
    const sample = () => {
      const next = meter.cut();
      if (next) batch.push(next);
    };
    const timer = setInterval(() => {
      sample();
      if (batch.length >= QOE_BATCH_SAMPLES) send();
    }, QOE_SAMPLE_MS);
    return () => {
      clearInterval(timer);
      sample();
      meter.stop();
      send();
    };
  }, [client, leaseId, media, sampleRate]);
};
