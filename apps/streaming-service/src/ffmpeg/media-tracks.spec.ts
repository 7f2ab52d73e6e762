import type { MediaProbe } from './media-probe';
import { audioRenditionsOf, finishMaster, languageOfTag, subtitlePlaylist, withTracks } from './media-tracks';

// What ffmpeg 5.1 writes for video-only variants in an audio group (-var_stream_map with agroup and language).
const FFMPEG_MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_aud",NAME="audio_2",DEFAULT=YES,LANGUAGE="hi",URI="audio/hi/index.m3u8"',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_aud",NAME="audio_3",DEFAULT=NO,LANGUAGE="en",URI="audio/en/index.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=1460800,RESOLUTION=1920x1080,CODECS="avc1.42c028,mp4a.40.2",AUDIO="group_aud"',
  '1080p/index.m3u8',
  '',
  '#EXT-X-STREAM-INF:BANDWIDTH=640800,RESOLUTION=854x480,CODECS="avc1.42c01e,mp4a.40.2",AUDIO="group_aud"',
  '480p/index.m3u8',
  '',
].join('\n');

const HINDI = { language: 'hi', name: 'हिन्दी', isDefault: true };
const ENGLISH = { language: 'en', name: 'English', isDefault: false };

describe('finishMaster', () => {
  it('labels the audio group and adds the subtitle group, every variant naming both', () => {
    const text = finishMaster(
      FFMPEG_MASTER,
      [HINDI, ENGLISH],
      [
        { language: 'hi', name: 'हिन्दी', isDefault: false, cc: false },
        { language: 'en', name: 'English CC', isDefault: false, cc: true },
      ],
    );
    const lines = text.split('\n');
    expect(lines.filter((line) => line.startsWith('#EXT-X-MEDIA:'))).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="hi",NAME="हिन्दी",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/hi/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio/en/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="hi",NAME="हिन्दी",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs/hi/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English CC",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,' +
        'CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",' +
        'URI="subs/en/index.m3u8"',
    ]);
    expect(lines.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'))).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=1460800,RESOLUTION=1920x1080,CODECS="avc1.42c028,mp4a.40.2",AUDIO="aud",SUBTITLES="subs"',
      '#EXT-X-STREAM-INF:BANDWIDTH=640800,RESOLUTION=854x480,CODECS="avc1.42c01e,mp4a.40.2",AUDIO="aud",SUBTITLES="subs"',
    ]);
    // The media lines come before the first variant, the variants keep their URIs.
    expect(lines.indexOf(lines.find((line) => line.startsWith('#EXT-X-MEDIA'))!)).toBeLessThan(
      lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF')),
    );
    expect(lines).toContain('480p/index.m3u8');
  });

  it('names no group for a silent film without subtitles', () => {
    const silent = FFMPEG_MASTER.split('\n')
      .filter((line) => !line.startsWith('#EXT-X-MEDIA'))
      .join('\n')
      .replace(/,AUDIO="group_aud"/g, '');
    const text = finishMaster(silent, [], []);
    expect(text).not.toContain('AUDIO=');
    expect(text).not.toContain('SUBTITLES=');
    expect(text).not.toContain('#EXT-X-MEDIA');
  });

  it('drops the audio-only variant ffmpeg writes for a lone audio rendition', () => {
    const lone = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_aud",NAME="audio_2",DEFAULT=YES,LANGUAGE="en",URI="audio/en/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=75900,RESOLUTION=854x480,CODECS="avc1.42c01e,mp4a.40.2",AUDIO="group_aud"',
      '480p/index.m3u8',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=75900,CODECS="mp4a.40.2",AUDIO="group_aud"',
      'audio/en/index.m3u8',
      '',
    ].join('\n');
    const text = finishMaster(lone, [ENGLISH], []);
    expect(text.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'))).toHaveLength(1);
    expect(text.split('\n').filter((line) => line.includes('audio/en/index.m3u8'))).toHaveLength(1);
  });

  it('never lets a name end the quoted attribute', () => {
    const text = finishMaster(
      FFMPEG_MASTER,
      [{ language: 'hi', name: 'Hindi "dub"\nX', isDefault: true }],
      [],
    );
    expect(text).toContain(`NAME="Hindi 'dub''X"`);
  });
});

describe('withTracks (the master playlist delivery writes once an admin added tracks)', () => {
  const stored = finishMaster(FFMPEG_MASTER, [HINDI, ENGLISH], []);
  const TAMIL = { language: 'ta', name: 'Tamil dub', isDefault: false };
  const mediaOf = (text: string) => text.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'));

  it("lists an added audio track in the one audio group, after the version's own", () => {
    const text = withTracks(stored, { audio: [HINDI, ENGLISH, TAMIL] });
    expect(mediaOf(text)).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="hi",NAME="हिन्दी",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/hi/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio/en/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="ta",NAME="Tamil dub",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio/ta/index.m3u8"',
    ]);
    // Every variant still names the group once, and keeps its URI.
    const variants = text.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(2);
    for (const variant of variants) expect(variant.match(/AUDIO="aud"/g)).toHaveLength(1);
    expect(text).toContain('1080p/index.m3u8');
  });

  it('keeps the stored audio lines when only subtitles are given, and the subtitle lines when only audio is', () => {
    const subtitles = [{ language: 'en', name: 'English CC', isDefault: false, cc: true }];
    const withSubs = withTracks(stored, { subtitles });
    expect(mediaOf(withSubs).filter((line) => line.includes('TYPE=AUDIO'))).toEqual(
      mediaOf(stored).filter((line) => line.includes('TYPE=AUDIO')),
    );
    expect(withSubs).toContain('SUBTITLES="subs"');
    const both = withTracks(withSubs, { audio: [HINDI, ENGLISH, TAMIL] });
    expect(mediaOf(both)).toHaveLength(4);
    expect(mediaOf(both).filter((line) => line.includes('TYPE=SUBTITLES'))).toEqual(
      mediaOf(withSubs).filter((line) => line.includes('TYPE=SUBTITLES')),
    );
    expect(both.match(/SUBTITLES="subs"/g)).toHaveLength(2);
  });

  it("gives a silent version's variants the group and the audio codec when a track is added", () => {
    const silent = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=640800,RESOLUTION=854x480,CODECS="avc1.42c01e"',
      '480p/index.m3u8',
    ].join('\n');
    const text = withTracks(silent, { audio: [{ ...TAMIL, isDefault: true }] });
    expect(text).toContain('CODECS="avc1.42c01e,mp4a.40.2",AUDIO="aud"');
    expect(mediaOf(text)).toHaveLength(1);
    expect(mediaOf(text)[0]).toContain('DEFAULT=YES');
  });
});

describe('languageOfTag', () => {
  it.each([
    ['hin', 'hi'],
    ['eng', 'en'],
    ['tam', 'ta'],
    ['en-US', 'en'],
    ['HI', 'hi'],
    ['fre', 'fre'],
    [null, 'und'],
    ['', 'und'],
    ['<script>', 'und'],
    ['english', 'und'],
  ])('reads %p as %p', (tag, language) => {
    expect(languageOfTag(tag)).toBe(language);
  });
});

describe('audioRenditionsOf', () => {
  const probe = (languages: Array<string | null>): MediaProbe => ({
    formatName: 'matroska,webm',
    durationSeconds: 10,
    sizeBytes: null,
    bitRate: null,
    video: null,
    audio: null,
    audioStreams: languages.map((language, i) => ({ index: i + 1, codec: 'aac', language })),
    streams: [],
  });

  it('keeps every audio stream with its language, the first one the default', () => {
    expect(audioRenditionsOf(probe(['hin', 'eng', 'tam']))).toEqual([
      { input: '0:a:0', track: { language: 'hi', name: 'हिन्दी', isDefault: true } },
      { input: '0:a:1', track: { language: 'en', name: 'English', isDefault: false } },
      { input: '0:a:2', track: { language: 'ta', name: 'தமிழ்', isDefault: false } },
    ]);
  });

  it('keeps the first stream of a language and labels an untagged one "Original"', () => {
    expect(audioRenditionsOf(probe([null, 'eng', 'en']))).toEqual([
      { input: '0:a:0', track: { language: 'und', name: 'Original', isDefault: true } },
      { input: '0:a:1', track: { language: 'en', name: 'English', isDefault: false } },
    ]);
  });

  it('has none for a silent film', () => {
    expect(audioRenditionsOf(probe([]))).toEqual([]);
  });
});

describe('subtitlePlaylist', () => {
  it('is one WebVTT segment for the whole film', () => {
    expect(subtitlePlaylist(100.04)).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:101\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n' +
        '#EXTINF:100.040,\nsubs.vtt\n#EXT-X-ENDLIST\n',
    );
  });
});
