import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Rendition } from '@app/contracts';
import { Renditions } from '@app/contracts';
import { mediaLines, subtitlePlaylist } from '../src/ffmpeg/media-tracks';
import { MediaLayout } from '../src/media/media-layout';

export const FIXTURE_AUDIO = [
  { language: 'hi', name: 'हिन्दी', isDefault: true },
  { language: 'en', name: 'English', isDefault: false },
];
export const FIXTURE_SUBTITLES = [{ language: 'en', name: 'English', isDefault: false, cc: true }];

/** Deterministic bytes, so a served range can be compared with the file byte for byte. */
export const fixtureBytes = (label: string, size: number): Buffer => {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(label).digest();
  for (let offset = 0; offset < size; offset += block.length) {
    block.copy(out, offset);
    block = createHash('sha256').update(block).digest();
  }
  return out;
};

const RESOLUTION: Record<Rendition, string> = { '1080p': '1920x1080', '720p': '1280x720', '480p': '854x480' };
export const SEGMENTS = 2;

/**
 * A small asset written the way the pipeline lays it out (media-layout.ts): a master playlist naming the three
 * renditions, variant playlists, init and media segments, the MP4 and trickplay. The bytes are not video:
 * delivery serves bytes, and the pipeline's own tests check real ffmpeg output.
 */
export const writeFixtureAsset = async (mediaDir: string, dir: string) => {
  const put = async (key: string, body: string | Buffer) => {
    const file = path.join(mediaDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  };
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...mediaLines(FIXTURE_AUDIO, FIXTURE_SUBTITLES),
    ...Renditions.flatMap((r) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${parseInt(r, 10) * 4000},RESOLUTION=${RESOLUTION[r]},CODECS="avc1.640028,mp4a.40.2",AUDIO="aud",SUBTITLES="subs"`,
      `${r}/index.m3u8`,
    ]),
    '',
  ].join('\n');
  await put(MediaLayout.master(dir), master);
  for (const rendition of Renditions) {
    const segments = Array.from({ length: SEGMENTS }, (_, i) => `seg_${String(i + 1).padStart(5, '0')}.m4s`);
    await put(
      MediaLayout.variant(dir, rendition),
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-MAP:URI="init.mp4"',
        ...segments.flatMap((name) => ['#EXTINF:4.000000,', name]),
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
    await put(
      `${MediaLayout.renditionDir(dir, rendition)}/init.mp4`,
      fixtureBytes(`${dir}/${rendition}/init`, 900),
    );
    for (const name of segments) {
      await put(
        `${MediaLayout.renditionDir(dir, rendition)}/${name}`,
        fixtureBytes(`${dir}/${rendition}/${name}`, 20_000),
      );
    }
  }
  // Issue 26: a Hindi and an English audio rendition, English subtitles.
  for (const { language } of FIXTURE_AUDIO) {
    const audio = `${MediaLayout.hlsDir(dir)}/audio/${language}`;
    await put(
      `${audio}/index.m3u8`,
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.0,\nseg_00001.m4s\n#EXT-X-ENDLIST\n',
    );
    await put(`${audio}/init.mp4`, fixtureBytes(`${dir}/audio/${language}/init`, 700));
    await put(`${audio}/seg_00001.m4s`, fixtureBytes(`${dir}/audio/${language}/seg`, 8_000));
  }
  for (const { language } of FIXTURE_SUBTITLES) {
    const subs = `${MediaLayout.hlsDir(dir)}/subs/${language}`;
    await put(`${subs}/index.m3u8`, subtitlePlaylist(8));
    await put(`${subs}/subs.vtt`, 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n');
  }
  const mp4 = fixtureBytes(`${dir}/mp4`, 300_000);
  await put(MediaLayout.mp4(dir), mp4);
  await put(
    MediaLayout.trickplayVtt(dir),
    'WEBVTT\n\n00:00:00.000 --> 00:00:08.000\nsheet_000.jpg#xywh=0,0,320,180\n',
  );
  await put(`${MediaLayout.trickplayDir(dir)}/sheet_000.jpg`, fixtureBytes(`${dir}/sheet`, 5_000));
  return { mp4 };
};
