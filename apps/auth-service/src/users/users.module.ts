import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { OtpModule } from '../password-reset/otp.module';
import { PasswordHasher } from '../passwords/password-hasher';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { UserRecord, UserSchema } from './user.schema';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: UserRecord.name, schema: UserSchema }]),
    OtpModule,
    RateLimitModule,
  ],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, PasswordHasher],
  exports: [UsersRepository, UsersService, PasswordHasher],
})
export class UsersModule {}
