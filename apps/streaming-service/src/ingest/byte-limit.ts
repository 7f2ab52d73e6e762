import { Transform } from 'node:stream';

export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
    this.name = 'TooLargeError';
  }
}

/** Passes bytes through and fails the pipeline the moment more than `limit` went by (a lying or absent Content-Length). */
export const byteLimit = (limit: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new TooLargeError(limit));
      else callback(null, chunk);
    },
  });
};
