import { containerOf, isPlayableVideo, parseFrameRate, parseProbeJson, VIDEO_DEMUXERS } from './media-probe';

const film = JSON.stringify({
  streams: [
    {
      index: 0,
      codec_type: 'video',
      codec_name: 'h264',
      width: 1920,
      height: 1080,
      avg_frame_rate: '30000/1001',
      pix_fmt: 'yuv420p',
    },
    { index: 1, codec_type: 'audio', codec_name: 'aac', channels: 2, sample_rate: '48000' },
  ],
  format: {
    format_name: 'mov,mp4,m4a,3gp,3g2,mj2',
    duration: '6.000000',
    size: '123456',
    bit_rate: '164608',
  },
});

describe('ffprobe answers', () => {
  it('reads streams, codecs, size and duration', () => {
    const probe = parseProbeJson(film);
    expect(probe.durationSeconds).toBe(6);
    expect(probe.video).toEqual({
      codec: 'h264',
      width: 1920,
      height: 1080,
      fps: 29.97,
      pixelFormat: 'yuv420p',
    });
    expect(probe.audio).toEqual({ codec: 'aac', channels: 2, sampleRate: 48000 });
    expect(isPlayableVideo(probe)).toBe(true);
  });

  it('refuses still images, text read as ANSI art and files without duration', () => {
    const still = parseProbeJson(
      JSON.stringify({
        streams: [{ index: 0, codec_type: 'video', codec_name: 'png', width: 10, height: 10 }],
        format: { format_name: 'png_pipe', duration: '0.04' },
      }),
    );
    const text = parseProbeJson(
      JSON.stringify({
        streams: [{ index: 0, codec_type: 'video', codec_name: 'ansi', width: 640, height: 400 }],
        format: { format_name: 'tty', duration: '1.2' },
      }),
    );
    const noDuration = parseProbeJson(
      JSON.stringify({
        streams: [{ index: 0, codec_type: 'video', codec_name: 'h264', width: 4, height: 4 }],
        format: {},
      }),
    );
    const audioOnly = parseProbeJson(
      JSON.stringify({
        streams: [{ index: 0, codec_type: 'audio', codec_name: 'mp3' }],
        format: { format_name: 'mp3', duration: '3' },
      }),
    );
    expect([still, text, noDuration, audioOnly].map(isPlayableVideo)).toEqual([false, false, false, false]);
    expect(parseFrameRate('0/0')).toBeNull();
  });
});

describe('the containers an upload may be', () => {
  it('are mov/mp4, matroska/webm, avi and mpegts, by the exact name ffprobe reports', () => {
    expect(containerOf('mov,mp4,m4a,3gp,3g2,mj2')).toBe('mov');
    expect(containerOf('matroska,webm')).toBe('matroska');
    expect(containerOf('avi')).toBe('avi');
    expect(containerOf('mpegts')).toBe('mpegts');
    expect(VIDEO_DEMUXERS).toBe('mov,matroska,avi,mpegts');
  });

  it('are nothing that opens other files (playlists, concat lists), images, text, or a part of a name', () => {
    for (const name of [
      'hls',
      'concat',
      'image2',
      'tty',
      'mp4',
      'webm',
      'mpegtsraw',
      'toString',
      'unknown',
      '',
    ])
      expect(containerOf(name)).toBeNull();
  });

  it('decide whether a film plays: the same streams in an HLS playlist are refused', () => {
    const hls = parseProbeJson(film.replace('mov,mp4,m4a,3gp,3g2,mj2', 'hls'));
    expect(hls.video).not.toBeNull();
    expect(isPlayableVideo(hls)).toBe(false);
  });
});
