import { randomBytes } from 'node:crypto';

const RUN = randomBytes(3).toString('hex');
let sequence = 0;

/**
 * A short token no other call of this process, nor an earlier run against the same database, has had:
 * factories put it in the emails, titles and names they make, so tests never collide over data.
 */
export const uniqueSuffix = (): string => `${RUN}${(++sequence).toString(36)}`;
