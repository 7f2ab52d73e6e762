import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { ENV } from '@app/server-core';
import { Env } from '../env';
import { UsersModule } from '../users/users.module';
import { SessionStore } from './session.store';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';

@Module({
  imports: [
    UsersModule,
    // A KeyObject made once: given the string, jsonwebtoken tries (and fails) to read it as a public key, then makes
    // a secret key of it, on every sign and verify (8 % of the service's CPU in the soak's profile).
    JwtModule.registerAsync({
      inject: [ENV],
      useFactory: (env: Env) => ({
        secret: createSecretKey(Buffer.from(env.JWT_SECRET)),
        signOptions: { algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [SessionsController],
  providers: [SessionsService, SessionStore],
  exports: [SessionsService, SessionStore],
})
export class SessionsModule {}
