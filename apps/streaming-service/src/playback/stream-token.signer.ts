import { Injectable } from '@nestjs/common';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import type { StreamClaims, TokenCheck } from './stream-token';
import { signStreamToken, streamTokenKey, verifyStreamToken } from './stream-token';

/** Signs and checks stream tokens with this service's secret (only streaming-service holds it). */
@Injectable()
export class StreamTokenSigner {
  private readonly key: Buffer;

  constructor(@InjectEnv() env: Env) {
    this.key = streamTokenKey(env.STREAM_TOKEN_SECRET);
  }

  sign(claims: StreamClaims): string {
    return signStreamToken(claims, this.key);
  }

  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): TokenCheck {
    return verifyStreamToken(token, this.key, nowSeconds);
  }
}
