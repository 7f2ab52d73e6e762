import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts and video are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
};

/**
 * After the build, writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text
 * file of the output, so the gateway serves them without compressing on each request. A variant that is
 * not smaller than the file is not written.
 */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'streamly:precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          const variants: Array<[string, Buffer]> = [
            ['.br', await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })],
            ['.gz', await gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION })],
          ];
          await Promise.all(variants.filter(([, packed]) => packed.length < raw.length).map(([suffix, packed]) => writeFile(`${file}${suffix}`, packed)));
        }),
      );
    },
  };
};
