import { SubtitleFileError, toWebVtt } from './subtitle-file';

describe('an admin subtitle file to WebVTT', () => {
  it('converts SRT: numbered cues, comma milliseconds, CRLF and a BOM', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:03,500\r\nनमस्ते\r\n\r\n2\r\n00:01:02,250 --> 00:01:04,000\r\n[door slams]\r\nWho is there?\r\n';
    expect(toWebVtt(srt)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nनमस्ते\n\n00:01:02.250 --> 00:01:04.000\n[door slams]\nWho is there?\n',
    );
  });

  it('keeps WebVTT cues with their settings, short timestamps and ids, dropping notes', () => {
    const vtt = 'WEBVTT - captions\n\nNOTE made by hand\n\nintro\n01:02.000 --> 01:03.000 line:90%\nHello\n';
    expect(toWebVtt(vtt)).toBe('WEBVTT\n\n00:01:02.000 --> 00:01:03.000 line:90%\nHello\n');
  });

  it.each([
    ['an empty file', ''],
    ['plain text', 'Hello there\nGeneral Kenobi\n'],
    ['a JSON file', '{"cues": []}'],
    ['binary bytes', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\u0000\u0001'],
    ['an ASS file', '[Script Info]\nTitle: x\n'],
  ])('refuses %s as neither WebVTT nor SRT', (_, file) => {
    expect(() => toWebVtt(file)).toThrow(SubtitleFileError);
  });

  it.each([
    ['a WebVTT cue without timing', 'WEBVTT\n\nHello\n'],
    ['a WebVTT header only', 'WEBVTT\n'],
    ['an SRT cue ending before it starts', '1\n00:00:05,000 --> 00:00:01,000\nBack\n'],
    [
      'SRT minutes out of range',
      '1\n00:00:01,000 --> 00:00:02,000\nOk\n\n2\n00:61:00,000 --> 00:62:00,000\nBad\n',
    ],
    ['WebVTT with SRT commas', 'WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nComma\n'],
  ])('refuses %s as malformed', (_, file) => {
    expect(() => toWebVtt(file)).toThrow(/not valid (WebVTT|SRT)/);
  });

  it('refuses a file over the size limit', () => {
    expect(() => toWebVtt(`WEBVTT\n\n${'x'.repeat(1_000_001)}`)).toThrow('The subtitle file is too large.');
  });
});
