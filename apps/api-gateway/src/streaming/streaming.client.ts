import { Injectable } from '@nestjs/common';
import { StreamingRpc } from '@app/contracts';
import type {
  AddAudioTrackRequest,
  AddSubtitlesRequest,
  HeartbeatRequest,
  OpenPlaybackRpc,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to streaming-service: leases, tokens and media status (the bytes go over `/stream`, not here). */
@Injectable()
export class StreamingClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('streaming-service');
  }

  open(request: OpenPlaybackRpc) {
    return this.client.send(StreamingRpc.open, request);
  }

  heartbeat(request: HeartbeatRequest) {
    return this.client.send(StreamingRpc.heartbeat, request);
  }

  streams(userId: string, sessionId: string) {
    return this.client.send(StreamingRpc.streams, { userId, sessionId });
  }

  stop(userId: string, leaseId: string) {
    return this.client.send(StreamingRpc.stop, { userId, leaseId });
  }

  asset(movieId: string) {
    return this.client.send(StreamingRpc.asset, { movieId });
  }

  uploadTicket(movieId: string) {
    return this.client.send(StreamingRpc.uploadTicket, { movieId });
  }

  retry(movieId: string) {
    return this.client.send(StreamingRpc.retry, { movieId });
  }

  addSubtitles(movieId: string, subtitles: AddSubtitlesRequest) {
    return this.client.send(StreamingRpc.addSubtitles, { movieId, subtitles });
  }

  audioUploadTicket(movieId: string, track: AddAudioTrackRequest) {
    return this.client.send(StreamingRpc.audioUploadTicket, { movieId, track });
  }
}
