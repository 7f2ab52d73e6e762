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
    JwtModule.registerAsync({
      inject: [ENV],
      useFactory: (env: Env) => ({ secret: env.JWT_SECRET, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [SessionsController],
  providers: [SessionsService, SessionStore],
  exports: [SessionsService, SessionStore],
})
export class SessionsModule {}
