import type { FastifyRequest } from 'fastify';
import type { ApiError, ErrorCode } from '@app/contracts';
import { correlationIdOfRequest } from '@app/server-core';

/**
 * The house error body for an answer the gateway gives before Nest (and its exception filter) sees the request:
 * admission's 503, the stream proxy's 503, a path that cannot be decoded.
 */
export const refusal = (request: FastifyRequest, code: ErrorCode, message: string): ApiError => ({
  code,
  message,
  correlationId: correlationIdOfRequest(request.raw),
});
