import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'streamly-media';

/**
 * A real S3-protocol server for a suite: s3rver (Koa, objects in a temp dir, SigV4 checked against its one
 * account S3RVER/S3RVER) on a free port, with the bucket made. `env` is what the service needs to use it.
 * Its trap: continuation tokens use DES, which Node 20's OpenSSL 3 refuses, so a listing longer than one page
 * (1,000 keys) fails with a 500 here; the suites stay far below that (the unit spec covers paging).
 */
export const startS3Server = async () => {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  return {
    env: {
      MEDIA_S3_BUCKET: TEST_BUCKET,
      MEDIA_S3_PREFIX: 'media',
      MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** Where s3rver keeps the objects on disk (to show the service's own media dir stays empty). */
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
