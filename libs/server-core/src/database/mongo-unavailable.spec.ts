import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import mongoose, { Error as MongooseError, mongo, Schema } from 'mongoose';
import { AppError } from '../errors/app-error';
import { isDatabaseUnavailable } from './mongo-unavailable';

/** A local address nothing listens on (a port just released), so the driver's connect is refused at once. */
const refusedUri = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `mongodb://127.0.0.1:${port}/`;
};

const rejectionOf = async (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('isDatabaseUnavailable', () => {
  describe('what the driver and Mongoose really throw when MongoDB cannot be reached', () => {
    let uri: string;
    beforeAll(async () => {
      uri = await refusedUri();
    });

    it('recognises an operation that found no server (MongoServerSelectionError)', async () => {
      const client = new mongo.MongoClient(uri, { serverSelectionTimeoutMS: 100 });
      try {
        const error = await rejectionOf(client.db('x').command({ ping: 1 }));
        expect(error).toBeInstanceOf(mongo.MongoServerSelectionError);
        expect(isDatabaseUnavailable(error)).toBe(true);
      } finally {
        await client.close();
      }
    });

    it("recognises Mongoose's failed first connection (MongooseServerSelectionError)", async () => {
      const connection = mongoose.createConnection(uri, { serverSelectionTimeoutMS: 100 });
      const error = await rejectionOf(connection.asPromise());
      expect(error).toBeInstanceOf(MongooseError.MongooseServerSelectionError);
      expect(isDatabaseUnavailable(error)).toBe(true);
      await connection.close();
    });

    it("recognises Mongoose's buffering timeout (a connection that never opened, buffering on)", async () => {
      const connection = mongoose.createConnection();
      const Model = connection.model('Thing', new Schema({ n: Number }, { bufferTimeoutMS: 50 }));
      const error = await rejectionOf(Model.findOne().exec());
      expect(error).toBeInstanceOf(MongooseError);
      expect((error as Error).message).toContain('buffering timed out');
      expect(isDatabaseUnavailable(error)).toBe(true);
      await connection.close();
    });
  });

  it.each([
    ['a network error (connection refused or reset)', new mongo.MongoNetworkError('connection reset')],
    ['a socket timeout', new mongo.MongoNetworkTimeoutError('timed out')],
    ['an operation on a client not connected', new mongo.MongoNotConnectedError('not connected')],
    ['an operation on a closed topology', new mongo.MongoTopologyClosedError()],
    ['a node shutting down', new mongo.MongoServerError({ message: 'interrupted at shutdown', code: 11600 })],
    ['a write to a former primary', new mongo.MongoServerError({ message: 'not primary', code: 10107 })],
    [
      'a driver error wrapped by a caller',
      new Error('bulk write failed', { cause: new mongo.MongoNetworkError('reset') }),
    ],
  ])('recognises %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a duplicate key', new mongo.MongoServerError({ message: 'E11000 duplicate key', code: 11000 })],
    ['a bad query', new mongo.MongoServerError({ message: 'unknown operator: $foo', code: 2 })],
    ['a cast error', new MongooseError.CastError('ObjectId', 'nope', '_id')],
    ['a validation error', new MongooseError.ValidationError()],
    ['another Mongoose error', new MongooseError('Model "X" not found')],
    ['our own refusal', AppError.notFound('Movie not found')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'title')")],
    ['something not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
