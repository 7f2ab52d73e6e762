import { parseStreamRoute } from './stream-route';

const TOKEN = 'eyJ1IjoiYSJ9.abc_DEF-123';
const MOVIE = '65f0000000000000000000aa';
const base = `/stream/t/${TOKEN}/${MOVIE}`;

describe('parseStreamRoute', () => {
  it.each([
    ['master.m3u8', { kind: 'master' }],
    ['720p/index.m3u8', { kind: 'variant', rendition: '720p' }],
    ['1080p/init.mp4', { kind: 'init', rendition: '1080p' }],
    ['480p/seg_00042.m4s', { kind: 'segment', rendition: '480p', name: 'seg_00042.m4s' }],
    ['trickplay/thumbs.vtt', { kind: 'trickplay-index' }],
    ['audio/hi/index.m3u8', { kind: 'audio', language: 'hi', name: 'index.m3u8' }],
    ['audio/en/init.mp4', { kind: 'audio', language: 'en', name: 'init.mp4' }],
    ['audio/hi/seg_00007.m4s', { kind: 'audio', language: 'hi', name: 'seg_00007.m4s' }],
    ['subs/en/index.m3u8', { kind: 'subtitles', language: 'en', name: 'index.m3u8' }],
    ['subs/hi/subs.vtt', { kind: 'subtitles', language: 'hi', name: 'subs.vtt' }],
    ['trickplay/sheet_003.jpg', { kind: 'trickplay-sheet', name: 'sheet_003.jpg' }],
  ])('names the HLS file %s', (file, expected) => {
    expect(parseStreamRoute(`${base}/${file}`)).toEqual({
      kind: 'hls',
      token: TOKEN,
      movieId: MOVIE,
      file: expected,
    });
  });

  it.each([
    '../video.mp4',
    '720p/../../../etc/passwd',
    '720p/%2e%2e/index.m3u8',
    '2160p/index.m3u8',
    'audio/../480p/index.m3u8',
    'audio/HI/index.m3u8',
    'audio/hindi/index.m3u8',
    'audio/hi/video.mp4',
    'subs/hi/../../video.mp4',
    'subs/en/other.vtt',
    '720p/seg_1.m4s',
    '720p/index.m3u8/',
    'video.mp4',
    'hls/master.m3u8',
    'trickplay/../master.m3u8',
    'trickplay/sheet_000.png',
    'master.m3u8%00',
  ])('refuses %s (a 404 of its own, never a path)', (file) => {
    expect(parseStreamRoute(`${base}/${file}`)).toEqual({ kind: 'unknown' });
  });

  it('reads a token that carries its edge link (issue 29 §4) whole, for this service to check', () => {
    const edged = `${TOKEN}.720p.KJ2GmvFcurpQM6rUeM7wQQ.s3.ata.1800000120.8CUc002cAPF6AqeE3W-xVg`;
    expect(parseStreamRoute(`/stream/t/${edged}/${MOVIE}/720p/seg_00002.m4s`)).toEqual({
      kind: 'hls',
      token: edged,
      movieId: MOVIE,
      file: { kind: 'segment', rendition: '720p', name: 'seg_00002.m4s' },
    });
  });

  it('refuses a malformed token or movie id under /stream/t/', () => {
    expect(parseStreamRoute(`/stream/t/not-a-token/${MOVIE}/master.m3u8`)).toEqual({ kind: 'unknown' });
    expect(parseStreamRoute(`/stream/t/${TOKEN}/not-an-id/master.m3u8`)).toEqual({ kind: 'unknown' });
  });

  it('reads the MP4 route and its token from the query', () => {
    expect(parseStreamRoute(`/stream/${MOVIE}?token=${TOKEN}`)).toEqual({
      kind: 'mp4',
      token: TOKEN,
      movieId: MOVIE,
    });
    expect(parseStreamRoute(`/stream/${MOVIE}?x=1&token=${encodeURIComponent(TOKEN)}`)).toMatchObject({
      token: TOKEN,
    });
    expect(parseStreamRoute(`/stream/${MOVIE}`)).toEqual({ kind: 'mp4', token: null, movieId: MOVIE });
  });

  it.each([
    '/stream/upload/ticket123',
    '/stream',
    '/stream/',
    '/health',
    `/stream/${MOVIE}/extra`,
    '/streams/x',
  ])('leaves %s to the next handler', (url) => {
    expect(parseStreamRoute(url)).toBeNull();
  });
});
