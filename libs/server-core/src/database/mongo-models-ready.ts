import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/**
 * Holds start-up until every model's collection and indexes exist, so no request writes before a
 * unique index is in place (and the embedded server never sees a write race a collection creation).
 */
@Injectable()
export class MongoModelsReady implements OnApplicationBootstrap {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onApplicationBootstrap() {
    await Promise.all(Object.values(this.connection.models).map((model) => model.init()));
  }
}
