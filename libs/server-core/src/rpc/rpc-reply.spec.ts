import 'reflect-metadata';
import type { Logger } from '@nestjs/common';
import { z } from 'zod';
import { ErrorCode, rpc } from '@app/contracts';
import { AppError } from '../errors/app-error';
import { checkReply, CheckedReply, JsonReply, RpcReplyDeserializer, RpcReplySerializer } from './rpc-reply';

const serializer = new RpcReplySerializer();
const deserializer = new RpcReplyDeserializer();
/** What a packet becomes on its way from a service to the gateway. */
const overTheWire = (packet: Record<string, unknown>) =>
  deserializer.deserialize(serializer.serialize(packet).data) as Record<string, unknown>;
const page = { data: [{ title: 'Lagaan', year: 2001 }], page: 1, total: 1 };

describe('the checked frame (service → gateway)', () => {
  it("carries a checked reply as the service's JSON bytes, read from the head alone", () => {
    const packet = overTheWire({ response: new CheckedReply(page), isDisposed: true, id: 'a1b2-c3' });

    expect(packet).toEqual({ id: 'a1b2-c3', isDisposed: true, response: expect.any(JsonReply) });
    const reply = packet.response as JsonReply;
    expect(reply.bytes.toString()).toBe(JSON.stringify(page));
    expect(reply.parse()).toEqual(page);
  });

  it('is still the JSON packet Nest reads, so a gateway of the previous build parses it as before', () => {
    const { data } = serializer.serialize({ response: new CheckedReply(page), isDisposed: true, id: 'x' });
    expect(JSON.parse(Buffer.from(data).toString())).toEqual({ id: 'x', isDisposed: true, response: page });
    // A reply whose end comes in a packet of its own.
    expect(overTheWire({ response: new CheckedReply('ok'), id: 'y' })).toEqual({
      id: 'y',
      response: new JsonReply(Buffer.from('"ok"')),
    });
  });

  it('gives errors, unchecked replies and odd ids to the gateway parsed, as Nest sends them', () => {
    const err = { code: ErrorCode.NotFound, message: 'Movie not found' };
    expect(overTheWire({ err, isDisposed: true, id: 'e' })).toEqual({ err, isDisposed: true, id: 'e' });
    expect(overTheWire({ response: page, isDisposed: true, id: 'u' })).toEqual({
      response: page,
      isDisposed: true,
      id: 'u',
    });
    expect(overTheWire({ response: new CheckedReply(page), isDisposed: true, id: 'q"d' })).toEqual({
      response: page,
      isDisposed: true,
      id: 'q"d',
    });
    expect(overTheWire({ response: new CheckedReply(undefined), isDisposed: true, id: 'v' })).toEqual({
      isDisposed: true,
      id: 'v',
    });
  });

  it('keeps the bytes of the reply when NATS reuses its buffer', () => {
    const { data } = serializer.serialize({ response: new CheckedReply(page), isDisposed: true, id: 'b' });
    const wire = Buffer.from(data);
    const reply = (deserializer.deserialize(wire) as { response: JsonReply }).response;
    wire.fill(0);
    expect(reply.parse()).toEqual(page);
  });
});

describe('checkReply', () => {
  const PageRpc = rpc('test.page', z.object({}), z.object({ page: z.number(), total: z.number() }));
  const logger = { error: jest.fn() } as unknown as Logger;

  it('answers the reply as its contract parses it: fields it does not describe are dropped', () => {
    expect(checkReply(PageRpc, { page: 1, total: 2, secret: 'x' }, logger)).toEqual({ page: 1, total: 2 });
  });

  it('refuses a reply that breaks its contract: Internal error, and an error line naming the pattern', () => {
    expect(() => checkReply(PageRpc, { page: 'one', total: 2 }, logger, { target: 'x' })).toThrow(
      new AppError(ErrorCode.Internal, 'Internal error'),
    );
    expect(logger.error).toHaveBeenCalledWith({
      msg: 'reply breaks its contract',
      target: 'x',
      pattern: 'test.page',
      issues: [expect.stringMatching(/^page /)],
    });
  });
});
