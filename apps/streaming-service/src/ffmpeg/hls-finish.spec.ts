import { checkMaster, parseMaster } from './hls-finish';

const master = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=5640800,RESOLUTION=1920x1080,CODECS="avc1.42c028,mp4a.40.2"
1080p/index.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=1460800,RESOLUTION=854x480,CODECS="avc1.42c01e,mp4a.40.2"
480p/index.m3u8
`;

describe('master playlist check', () => {
  it('reads each variant with its attributes', () => {
    expect(parseMaster(master)).toEqual([
      {
        uri: '1080p/index.m3u8',
        resolution: '1920x1080',
        codecs: 'avc1.42c028,mp4a.40.2',
        bandwidth: 5640800,
      },
      { uri: '480p/index.m3u8', resolution: '854x480', codecs: 'avc1.42c01e,mp4a.40.2', bandwidth: 1460800 },
    ]);
  });

  it('accepts the layout and refuses missing CODECS or other directory names', () => {
    expect(() => checkMaster(master, ['1080p', '480p'])).not.toThrow();
    expect(() =>
      checkMaster(master.replace(',CODECS="avc1.42c01e,mp4a.40.2"', ''), ['1080p', '480p']),
    ).toThrow(/CODECS/);
    expect(() => checkMaster(master.replace('480p/index', 'stream_1/index'), ['1080p', '480p'])).toThrow(
      /expected/,
    );
  });
});
