import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UserRecord, UserSchema } from '../users/user.schema';
import { UsersModule } from '../users/users.module';
import { ProfilesController } from './profiles.controller';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

/** DECISIONS 36: the household's profiles (they live in the account's user document). */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: UserRecord.name, schema: UserSchema }]),
    UsersModule,
    SessionsModule,
    RateLimitModule,
  ],
  controllers: [ProfilesController],
  providers: [ProfilesRepository, ProfilesService],
  exports: [ProfilesRepository],
})
export class ProfilesModule {}
