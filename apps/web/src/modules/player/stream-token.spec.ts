import { tokenRunningOut, tokenSwapConfig, withToken } from './stream-token';

const MOVIE = '65f0c0ffee00000000000099';

describe('stream tokens in request URLs (DECISIONS 35)', () => {
  it.each([
    [`/stream/t/old.sig/${MOVIE}/master.m3u8`, `/stream/t/new.sig/${MOVIE}/master.m3u8`],
    [
      `http://localhost:5000/stream/t/old.sig/${MOVIE}/720p/segment_004.m4s`,
      `http://localhost:5000/stream/t/new.sig/${MOVIE}/720p/segment_004.m4s`,
    ],
    [`/stream/t/old.sig/${MOVIE}/trickplay/thumbs.vtt`, `/stream/t/new.sig/${MOVIE}/trickplay/thumbs.vtt`],
    [`/stream/${MOVIE}?token=old.sig`, `/stream/${MOVIE}?token=new.sig`],
    [`/stream/${MOVIE}?quality=480p&token=old.sig#t=5`, `/stream/${MOVIE}?quality=480p&token=new.sig#t=5`],
    ['/images/poster.svg', '/images/poster.svg'],
  ])('%s carries the newest token', (url, expected) => {
    expect(withToken(url, 'new.sig')).toBe(expected);
  });

  it('has hls.js open every request (playlists, segments) on the newest token, read at request time', () => {
    let current = 'first.sig';
    const { xhrSetup } = tokenSwapConfig(() => current);
    const opened: unknown[][] = [];
    const xhr = { open: (...args: unknown[]) => opened.push(args) } as unknown as XMLHttpRequest;

    xhrSetup(xhr, `http://host/stream/t/issued.sig/${MOVIE}/720p/index.m3u8`);
    current = 'renewed.sig';
    xhrSetup(xhr, `http://host/stream/t/issued.sig/${MOVIE}/720p/segment_001.m4s`);

    expect(opened).toEqual([
      ['GET', `http://host/stream/t/first.sig/${MOVIE}/720p/index.m3u8`, true],
      ['GET', `http://host/stream/t/renewed.sig/${MOVIE}/720p/segment_001.m4s`, true],
    ]);
  });

  it('says a token is running out 45 s before its end', () => {
    const now = Date.parse('2030-01-01T00:00:00.000Z');
    expect(tokenRunningOut('2030-01-01T00:01:00.000Z', now)).toBe(false);
    expect(tokenRunningOut('2030-01-01T00:00:45.000Z', now)).toBe(true);
  });
});
