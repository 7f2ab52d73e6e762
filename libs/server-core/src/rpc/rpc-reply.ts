import type { Logger } from '@nestjs/common';
import type { Deserializer, Serializer } from '@nestjs/microservices';
// Not re-exported by the package's index: Nest's own NATS packet codecs, for every packet but a checked reply.
import { NatsResponseJSONDeserializer } from '@nestjs/microservices/deserializers/nats-response-json.deserializer';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer';
import type { RpcDescriptor, RpcReply } from '@app/contracts';
import { ErrorCode, INTERNAL_ERROR_MESSAGE } from '@app/contracts';
import { AppError } from '../errors/app-error';

/**
 * A reply's JSON, checked against its contract before it was written (issue 29 §3). A service may answer one (a
 * cached page: `JsonCache.throughReply`), sent as its bytes; the gateway receives every checked reply as one and
 * hands the bytes to the HTTP client as they came (`ServiceClient.relay`), or parses them for a handler that reads
 * the reply (`send`): no second check either way.
 */
export class JsonReply<T = unknown> {
  constructor(readonly bytes: Buffer) {}

  static of<T>(value: T): JsonReply<T> {
    return new JsonReply<T>(Buffer.from(JSON.stringify(value)));
  }

  parse(): T {
    return JSON.parse(this.bytes.toString('utf8')) as T;
  }
}

/**
 * `reply` as its contract parses it (unknown fields dropped, defaults filled), or an Internal error ("Internal
 * error", the caller's 500) with the first issues logged. Every described reply passes here once: in the service that
 * sends it (RpcServer), or, when a reply comes unchecked, in the caller (ServiceClient).
 */
export const checkReply = <R extends RpcDescriptor>(
  rpc: R,
  reply: unknown,
  logger: Logger,
  fields: Record<string, unknown> = {},
): RpcReply<R> => {
  const parsed = rpc.reply.safeParse(reply);
  // safeParse of R['reply'] yields z.output<R['reply']>; TypeScript loses that through the generic.
  if (parsed.success) return parsed.data as RpcReply<R>;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`);
  logger.error({ msg: 'reply breaks its contract', ...fields, pattern: rpc.pattern, issues });
  throw new AppError(ErrorCode.Internal, INTERNAL_ERROR_MESSAGE);
};

/** A reply the service checked against its contract (a value, or JSON already written): sent in the checked frame. */
export class CheckedReply {
  constructor(readonly value: unknown) {}
}

const CLOSE = Buffer.from('}');

/** What Nest's NATS server publishes: one packet of a reply stream (the reply, an error, or the end). */
type ReplyPacket = { id?: string; response?: unknown; err?: unknown; isDisposed?: boolean };

/**
 * The checked frame: `{"id":"…"[,"isDisposed":true],"response":<reply>}`, the reply last, so the gateway finds its
 * bytes from the head alone. Still the JSON packet Nest's clients parse (a gateway of the previous build reads it
 * as before); only a checked reply travels in it, so the frame itself says the reply needs no second check.
 */
const RESPONSE_KEY = ',"response":';
const DISPOSED_RESPONSE_KEY = ',"isDisposed":true,"response":';
const ID_KEY = '{"id":"';

/** The service side: a checked reply in the checked frame, serialised once; any other packet as Nest writes it. */
export class RpcReplySerializer implements Serializer<ReplyPacket, { data: Uint8Array; headers?: unknown }> {
  private readonly nest = new NatsRecordSerializer();

  serialize(packet: ReplyPacket) {
    const { id, response, isDisposed, err } = packet;
    if (!(response instanceof CheckedReply)) return this.nest.serialize(packet);
    const { value } = response;
    if (value === undefined || err !== undefined || typeof id !== 'string' || !plainId(id))
      return this.nest.serialize({ ...packet, response: value instanceof JsonReply ? value.parse() : value });
    const head = Buffer.from(`${ID_KEY}${id}"${isDisposed ? DISPOSED_RESPONSE_KEY : RESPONSE_KEY}`);
    const json = value instanceof JsonReply ? value.bytes : Buffer.from(JSON.stringify(value));
    return { data: Buffer.concat([head, json, CLOSE]) };
  }
}

/** Nest's packet ids are UUIDs; any other is written (and read) the ordinary way. */
const plainId = (id: string) => /^[\w-]+$/.test(id);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CLOSE_BRACE = 0x7d;
const bytesOf = (text: string) => Buffer.from(text);
const ID_BYTES = bytesOf(ID_KEY);
const RESPONSE_BYTES = bytesOf(RESPONSE_KEY);
const DISPOSED_RESPONSE_BYTES = bytesOf(DISPOSED_RESPONSE_KEY);

const startsAt = (data: Buffer, at: number, prefix: Buffer) =>
  data.length >= at + prefix.length && data.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;

/**
 * The caller side: a checked frame is read from its head and its reply kept as bytes (a `JsonReply`, copied out of
 * NATS' buffer); any other packet (an error, an unchecked reply) is parsed as Nest parses it.
 */
export class RpcReplyDeserializer implements Deserializer<Uint8Array> {
  private readonly nest = new NatsResponseJSONDeserializer();

  deserialize(value: Uint8Array) {
    const data = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    const frame = checkedFrame(data);
    return frame ?? this.nest.deserialize(value);
  }
}

const checkedFrame = (data: Buffer) => {
  if (!startsAt(data, 0, ID_BYTES) || data[data.length - 1] !== CLOSE_BRACE) return undefined;
  const idEnd = data.indexOf(QUOTE, ID_BYTES.length);
  if (idEnd < 0 || data.subarray(ID_BYTES.length, idEnd).includes(BACKSLASH)) return undefined;
  const isDisposed = startsAt(data, idEnd + 1, DISPOSED_RESPONSE_BYTES);
  if (!isDisposed && !startsAt(data, idEnd + 1, RESPONSE_BYTES)) return undefined;
  const start = idEnd + 1 + (isDisposed ? DISPOSED_RESPONSE_BYTES : RESPONSE_BYTES).length;
  return {
    id: data.toString('utf8', ID_BYTES.length, idEnd),
    response: new JsonReply(Buffer.from(data.subarray(start, data.length - 1))),
    ...(isDisposed ? { isDisposed: true } : {}),
  };
};
