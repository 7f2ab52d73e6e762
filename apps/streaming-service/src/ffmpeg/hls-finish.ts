import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Rendition } from '@app/contracts';

/**
 * ffmpeg's HLS muxer names the init segment of variant i `init_i.mp4` when it writes several variants; the
 * layout (media-layout.ts) says `init.mp4`. Renames it and points the variant playlist's EXT-X-MAP at it.
 * `variantDirs`: each variant's directory under `hls/`, in -var_stream_map order (renditions, then audio).
 */
export const normaliseInitSegments = async (
  hlsDir: string,
  variantDirs: readonly string[],
): Promise<void> => {
  for (const [i, variant] of variantDirs.entries()) {
    const dir = path.join(hlsDir, variant);
    const playlistPath = path.join(dir, 'index.m3u8');
    const playlist = await readFile(playlistPath, 'utf8');
    const numbered = `init_${i}.mp4`;
    if (!playlist.includes(`URI="${numbered}"`)) continue;
    await rename(path.join(dir, numbered), path.join(dir, 'init.mp4'));
    await writeFile(playlistPath, playlist.replace(`URI="${numbered}"`, 'URI="init.mp4"'));
  }
};

export type MasterVariant = {
  uri: string;
  resolution: string | null;
  codecs: string | null;
  bandwidth: number | null;
};

/** The variants of a master playlist, in order, with the attributes players pick by. */
export const parseMaster = (text: string): MasterVariant[] => {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const variants: MasterVariant[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('#EXT-X-STREAM-INF:')) continue;
    const attributes = lines[i].slice('#EXT-X-STREAM-INF:'.length);
    const uri = lines.slice(i + 1).find((line) => line !== '' && !line.startsWith('#')) ?? '';
    const bandwidth = /(?:^|,)BANDWIDTH=(\d+)/.exec(attributes)?.[1];
    variants.push({
      uri,
      resolution: /RESOLUTION=(\d+x\d+)/.exec(attributes)?.[1] ?? null,
      codecs: /CODECS="([^"]+)"/.exec(attributes)?.[1] ?? null,
      bandwidth: bandwidth ? Number(bandwidth) : null,
    });
  }
  return variants;
};

/** Fails loudly when the master playlist lacks what players choose by (CODECS, RESOLUTION) or names other dirs. */
export const checkMaster = (text: string, renditions: Rendition[]): void => {
  const variants = parseMaster(text);
  const expected = renditions.map((rendition) => `${rendition}/index.m3u8`);
  const uris = variants.map((variant) => variant.uri);
  if (uris.join(' ') !== expected.join(' '))
    throw new Error(`master playlist lists ${uris.join(', ')}; expected ${expected.join(', ')}`);
  const incomplete = variants.find((variant) => !variant.codecs || !variant.resolution || !variant.bandwidth);
  if (incomplete)
    throw new Error(`master playlist entry ${incomplete.uri} lacks CODECS, RESOLUTION or BANDWIDTH`);
};
