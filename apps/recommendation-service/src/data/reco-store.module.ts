import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { InteractionRecord, InteractionSchema } from '../interactions/interaction.schema';
import { InteractionsRepository } from '../interactions/interactions.repository';
import { ProfilesRepository } from '../interactions/profiles.repository';
import { ItemChangesChannel } from '../items/item-changes.channel';
import { ItemRecord, ItemSchema } from '../items/item.schema';
import { ItemsRepository } from '../items/items.repository';
import { TrendingRepository } from '../trending/trending.repository';

const repositories = [
  ItemsRepository,
  ItemChangesChannel,
  InteractionsRepository,
  ProfilesRepository,
  TrendingRepository,
];

/**
 * The service's stores and the only code that touches them: MongoDB (`items`, `interactions`) and Redis (profiles,
 * trending counts, the item-changes channel). Feature modules import this, never one another's repositories.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ItemRecord.name, schema: ItemSchema },
      { name: InteractionRecord.name, schema: InteractionSchema },
    ]),
  ],
  providers: repositories,
  exports: repositories,
})
export class RecoStoreModule {}
