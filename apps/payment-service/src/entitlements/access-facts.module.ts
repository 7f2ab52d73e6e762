import { Module } from '@nestjs/common';
import { AccessFactsCache } from './access-facts.cache';

/** The one AccessFactsCache, for the schemas' write hooks and the entitlement answers alike. */
@Module({ providers: [AccessFactsCache], exports: [AccessFactsCache] })
export class AccessFactsModule {}
