import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PasswordResetModule } from '../password-reset/password-reset.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { UserRecord, UserSchema } from '../users/user.schema';
import { UsersModule } from '../users/users.module';
import { ParentalController } from './parental.controller';
import { ParentalRepository } from './parental.repository';
import { ParentalService } from './parental.service';
import { ParentalSittingsStore } from './parental-sittings.store';

/** Issue 25 (DECISIONS 37): the account's parental PIN and the account holder's age declaration. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: UserRecord.name, schema: UserSchema }]),
    UsersModule,
    RateLimitModule,
    PasswordResetModule,
  ],
  controllers: [ParentalController],
  providers: [ParentalRepository, ParentalService, ParentalSittingsStore],
})
export class ParentalModule {}
