import { Error as MongooseError, mongo } from 'mongoose';

/** What a request that needed MongoDB is told while it cannot be reached (503, SERVICE_UNAVAILABLE). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now; try again in a moment.';

/**
 * Server error codes of a node that is going away or no longer primary (a restart, a replica-set election): the
 * operations it held are refused, and the same operation succeeds once a primary answers again. The driver keeps
 * its own list internal, so these are the codes its SDAM spec names.
 */
const TRANSIENT_SERVER_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/** Mongoose reports a buffered operation that waited too long only as its base error class, with this text. */
const BUFFERING_TIMEOUT = /buffering timed out/;

const isUnavailable = (error: unknown): boolean =>
  // PoolClearedError and MongoNetworkTimeoutError are MongoNetworkErrors.
  error instanceof mongo.MongoNetworkError ||
  error instanceof mongo.MongoServerSelectionError ||
  error instanceof mongo.MongoNotConnectedError ||
  error instanceof mongo.MongoTopologyClosedError ||
  error instanceof mongo.MongoClientClosedError ||
  error instanceof MongooseError.MongooseServerSelectionError ||
  (error instanceof mongo.MongoServerError &&
    typeof error.code === 'number' &&
    TRANSIENT_SERVER_CODES.has(error.code)) ||
  (error instanceof MongooseError &&
    error.constructor === MongooseError &&
    BUFFERING_TIMEOUT.test(error.message));

/**
 * True when `error` (or what it wraps) says MongoDB could not be reached or is between primaries, rather than that
 * the operation itself was wrong: the one place that tells a database outage from a bug (the exception filter
 * answers 503 for it, health reports it).
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  // Mongoose and the driver wrap the underlying failure in `cause` (a bulk write, a server selection).
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    if (isUnavailable(current)) return true;
    current = current.cause;
  }
  return false;
};
