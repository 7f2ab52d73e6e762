import { Injectable } from '@nestjs/common';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { edgeSuffix } from './edge-link';
import type { StreamClaims, TokenCheck } from './stream-token';
import { signStreamToken, streamTokenKey, verifyStreamToken } from './stream-token';

/**
 * Signs and checks stream tokens with this service's secret (only streaming-service holds it). With a byte server
 * in front that checks links itself (STREAM_EDGE_SECRET), each token also carries its edge link (edge-link.ts).
 */
@Injectable()
export class StreamTokenSigner {
  private readonly key: Buffer;
  private readonly edgeSecret: string | null;

  constructor(@InjectEnv() env: Env) {
    this.key = streamTokenKey(env.STREAM_TOKEN_SECRET);
    this.edgeSecret = env.STREAM_EDGE_SECRET ?? null;
  }

  sign(claims: StreamClaims): string {
    const token = signStreamToken(claims, this.key);
    return this.edgeSecret === null ? token : `${token}${edgeSuffix(claims, this.edgeSecret)}`;
  }

  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): TokenCheck {
    return verifyStreamToken(token, this.key, nowSeconds);
  }
}
