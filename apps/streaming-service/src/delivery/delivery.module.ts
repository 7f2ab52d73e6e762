import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { MediaDataModule } from '../media/media-data.module';
import { PlaybackModule } from '../playback/playback.module';
import { DeliveryListener } from './delivery-listener';
import { LiveLeaseCache } from './live-lease.cache';
import { ObjectHeadCache } from './object-head.cache';
import { PlayableAssetCache } from './playable-asset.cache';
import { StreamDeliveryMiddleware } from './stream-delivery.middleware';

/**
 * The byte server on the service's own HTTP port. Nest registers module middleware before its routes, so
 * `/stream/**` is answered ahead of the router; what the middleware does not serve goes on with next(). With
 * STREAM_DELIVERY_PORT the same checks also answer on a plain listener of their own (delivery-listener.ts).
 */
@Module({
  imports: [MediaDataModule, PlaybackModule],
  providers: [
    PlayableAssetCache,
    ObjectHeadCache,
    LiveLeaseCache,
    StreamDeliveryMiddleware,
    DeliveryListener,
  ],
})
export class DeliveryModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(StreamDeliveryMiddleware).forRoutes({ path: 'stream/*path', method: RequestMethod.ALL });
  }
}
