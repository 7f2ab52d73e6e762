import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { parseRange } from './byte-range';

/** A representation to send: its validators, and its bytes from `start` to `end` (inclusive). */
export type Entity = {
  size: number;
  /** A strong validator (quoted): the files are immutable, so equal size and mtime mean equal bytes. */
  etag: string;
  lastModified: Date | null;
  body(start: number, end: number): Readable | Buffer;
};

export type EntityHeaders = { contentType: string; cacheControl: string };

/** An answer without bytes (403, 404, 500): nothing a cache may keep. */
export const sendEmpty = (res: ServerResponse, status: number) => {
  res.writeHead(status, { 'Content-Length': '0', 'Cache-Control': 'no-store' }).end();
};

const stripWeak = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
const noneMatch = (header: string, etag: string) =>
  header.trim() === '*' || header.split(',').some((tag) => stripWeak(tag.trim()) === etag);

const notModified = (req: IncomingMessage, entity: Entity): boolean => {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return noneMatch(ifNoneMatch, entity.etag);
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince === undefined || entity.lastModified === null) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(entity.lastModified.getTime() / 1000) * 1000 <= since;
};

/** If-Range (RFC 9110 §13.1.5): the range applies only while the client's copy is current (strong comparison). */
const rangeStillValid = (req: IncomingMessage, entity: Entity): boolean => {
  const ifRange = req.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.startsWith('"')) return ifRange === entity.etag;
  const date = Date.parse(ifRange);
  return (
    entity.lastModified !== null &&
    !Number.isNaN(date) &&
    Math.floor(entity.lastModified.getTime() / 1000) * 1000 === date
  );
};

/**
 * Answers GET and HEAD for one representation: validators and caching headers, 304 for a current copy, 206 for
 * one byte range, 416 for an unsatisfiable one, otherwise 200. Range applies to GET only (RFC 9110 §14.2).
 */
export const sendEntity = (
  req: IncomingMessage,
  res: ServerResponse,
  entity: Entity,
  headers: EntityHeaders,
  onStreamError: (error: Error) => void,
) => {
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', headers.cacheControl);
  res.setHeader('ETag', entity.etag);
  if (entity.lastModified) res.setHeader('Last-Modified', entity.lastModified.toUTCString());
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (notModified(req, entity)) {
    res.writeHead(304).end();
    return;
  }
  res.setHeader('Content-Type', headers.contentType);
  const range =
    req.method === 'GET' && rangeStillValid(req, entity)
      ? parseRange(req.headers.range, entity.size)
      : ({ kind: 'whole' } as const);
  let start = 0;
  let end = entity.size - 1;
  switch (range.kind) {
    case 'unsatisfiable':
      res.writeHead(416, { 'Content-Range': `bytes */${entity.size}`, 'Content-Length': '0' }).end();
      return;
    case 'partial':
      ({ start, end } = range);
      res.writeHead(206, {
        'Content-Range': `bytes ${start}-${end}/${entity.size}`,
        'Content-Length': String(end - start + 1),
      });
      break;
    case 'whole':
      res.writeHead(200, { 'Content-Length': String(entity.size) });
      break;
  }
  if (req.method === 'HEAD' || entity.size === 0) {
    res.end();
    return;
  }
  const body = entity.body(start, end);
  if (Buffer.isBuffer(body)) {
    res.end(body);
    return;
  }
  pipeline(body, res, (error) => {
    // A viewer seeking away closes the connection mid-body: normal, not an error.
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') onStreamError(error);
  });
};
