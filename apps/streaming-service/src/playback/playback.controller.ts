import { Controller } from '@nestjs/common';
import type { HeartbeatRequest, RpcRequest } from '@app/contracts';
import { StreamingRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { PlaybackService } from './playback.service';

@Controller()
export class PlaybackController {
  constructor(private readonly playback: PlaybackService) {}

  @RpcHandler(StreamingRpc.open)
  open(@RpcPayload() payload: RpcRequest<typeof StreamingRpc.open>) {
    return this.playback.open(payload);
  }

  @RpcHandler(StreamingRpc.heartbeat)
  heartbeat(@RpcPayload() payload: HeartbeatRequest) {
    return this.playback.heartbeat(payload);
  }

  @RpcHandler(StreamingRpc.streams)
  streams(@RpcPayload() { userId, sessionId }: RpcRequest<typeof StreamingRpc.streams>) {
    return this.playback.streams(userId, sessionId);
  }

  @RpcHandler(StreamingRpc.stop)
  stop(@RpcPayload() { userId, leaseId }: RpcRequest<typeof StreamingRpc.stop>) {
    return this.playback.stop(userId, leaseId);
  }
}
