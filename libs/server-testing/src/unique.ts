import { randomBytes } from 'node:crypto';

const RUN = randomBytes(3).toString('hex');
let sequence = 0;

/**
 * A short token no other call of this process, nor an earlier run against the same database, has had:
 * factories put it in the emails, titles and names they make, so tests never collide over data.
 */
export const uniqueSuffix = (): string => `${RUN}${(++sequence).toString(36)}`;

/** A fresh id in the shape of a MongoDB ObjectId (24 hex digits), for a person or title no other test has. */
export const newId = (): string => randomBytes(12).toString('hex');
