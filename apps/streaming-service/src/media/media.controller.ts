import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { StreamingRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { MediaService } from './media.service';

@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @RpcHandler(StreamingRpc.asset)
  asset(@RpcPayload() { movieId }: RpcRequest<typeof StreamingRpc.asset>) {
    return this.media.asset(movieId);
  }

  @RpcHandler(StreamingRpc.uploadTicket)
  uploadTicket(@RpcPayload() { movieId }: RpcRequest<typeof StreamingRpc.uploadTicket>) {
    return this.media.uploadTicket(movieId);
  }

  @RpcHandler(StreamingRpc.retry)
  retry(@RpcPayload() { movieId }: RpcRequest<typeof StreamingRpc.retry>) {
    return this.media.retry(movieId);
  }

  @RpcHandler(StreamingRpc.addSubtitles)
  addSubtitles(@RpcPayload() { movieId, subtitles }: RpcRequest<typeof StreamingRpc.addSubtitles>) {
    return this.media.addSubtitles(movieId, subtitles);
  }

  @RpcHandler(StreamingRpc.audioUploadTicket)
  audioUploadTicket(@RpcPayload() { movieId, track }: RpcRequest<typeof StreamingRpc.audioUploadTicket>) {
    return this.media.audioUploadTicket(movieId, track);
  }
}
