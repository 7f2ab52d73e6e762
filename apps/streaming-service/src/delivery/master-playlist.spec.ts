import { filterMasterPlaylist } from './master-playlist';

// What ffmpeg 5.1 writes for the ladder (-master_pl_name, -var_stream_map with names).
const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-STREAM-INF:BANDWIDTH=5500000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
  '1080p/index.m3u8',
  '',
  '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
  '720p/index.m3u8',
  '',
  '#EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=854x480,CODECS="avc1.64001e,mp4a.40.2"',
  '480p/index.m3u8',
  '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=300000,URI="1080p/iframes.m3u8"',
  '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=100000,URI="480p/iframes.m3u8"',
  '',
].join('\n');

const uris = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));

describe('filterMasterPlaylist', () => {
  it('lists only the allowed renditions, each with its own STREAM-INF line', () => {
    const text = filterMasterPlaylist(MASTER, new Set(['720p', '480p'] as const));
    expect(uris(text)).toEqual(['720p/index.m3u8', '480p/index.m3u8']);
    expect(text).not.toContain('1920x1080');
    expect(text).toContain('#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720');
    expect(text).not.toContain('1080p/iframes');
    expect(text).toContain('480p/iframes');
    expect(text.startsWith('#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS')).toBe(true);
  });

  it('keeps everything for a cap that allows all', () => {
    expect(uris(filterMasterPlaylist(MASTER, new Set(['1080p', '720p', '480p'] as const)))).toHaveLength(3);
  });

  it('drops variants pointing anywhere but a rendition folder', () => {
    const odd =
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nhttps://elsewhere/x.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\n480p/index.m3u8\n';
    expect(uris(filterMasterPlaylist(odd, new Set(['480p'] as const)))).toEqual(['480p/index.m3u8']);
  });

  it('keeps the audio and subtitle renditions of every language whatever the cap (issue 26)', () => {
    const withTracks = MASTER.replace(
      '#EXT-X-STREAM-INF',
      [
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="hi",NAME="हिन्दी",DEFAULT=YES,AUTOSELECT=YES,URI="audio/hi/index.m3u8"',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES,URI="audio/en/index.m3u8"',
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES,URI="subs/en/index.m3u8"',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="xx",NAME="Elsewhere",URI="https://elsewhere/a.m3u8"',
        '#EXT-X-STREAM-INF',
      ].join('\n'),
    );
    const text = filterMasterPlaylist(withTracks, new Set(['480p'] as const));
    expect(uris(text)).toEqual(['480p/index.m3u8']);
    expect(text).toContain('URI="audio/hi/index.m3u8"');
    expect(text).toContain('URI="audio/en/index.m3u8"');
    expect(text).toContain('URI="subs/en/index.m3u8"');
    expect(text).not.toContain('elsewhere');
  });

  it('reads CRLF playlists', () => {
    expect(uris(filterMasterPlaylist(MASTER.replace(/\n/g, '\r\n'), new Set(['480p'] as const)))).toEqual([
      '480p/index.m3u8',
    ]);
  });
});
