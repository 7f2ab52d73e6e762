import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const CORRELATION_HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Accepts a caller's correlation id when it is well-formed, else mints one; echoes it on the response. */
export const correlationId = (req: Request, res: Response, next: NextFunction) => {
  const incoming = req.headers[CORRELATION_HEADER];
  const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
  req.headers[CORRELATION_HEADER] = id;
  res.setHeader(CORRELATION_HEADER, id);
  next();
};

export const correlationIdOfRequest = (req: Request): string => String(req.headers[CORRELATION_HEADER]);
