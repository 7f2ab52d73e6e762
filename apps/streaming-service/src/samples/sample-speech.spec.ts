import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildVtt, readWav, speakSampleFilm, writeWav } from './sample-speech';

describe('the sample films speech (espeak-ng)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sample-speech-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('speaks Hindi (the default) and English for the whole film, a line every 10 s, with matching subtitles', async () => {
    const tracks = await speakSampleFilm(3, 25, dir);
    expect(tracks.map(({ audio, subtitle }) => [audio, subtitle])).toEqual([
      [
        { language: 'hi', name: 'हिन्दी', isDefault: true },
        { language: 'hi', name: 'हिन्दी', isDefault: false, cc: false },
      ],
      [
        { language: 'en', name: 'English', isDefault: false },
        { language: 'en', name: 'English', isDefault: false, cc: false },
      ],
    ]);
    for (const track of tracks) {
      const { sampleRate, samples } = readWav(await readFile(track.wavPath));
      expect(samples.length).toBe(Math.ceil(25 * sampleRate));
      const vtt = await readFile(track.vttPath, 'utf8');
      const cues = [...vtt.matchAll(/^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n(.+)$/gm)];
      expect(cues.map((cue) => cue[1])).toEqual(['00:00:00.000', '00:00:10.000', '00:00:20.000']);
      // Speech where a cue is shown, silence after it until the next line.
      const loud = (from: number, to: number) =>
        samples
          .subarray(Math.round(from * sampleRate), Math.round(to * sampleRate))
          .some((s) => Math.abs(s) > 500);
      expect(loud(0, 2)).toBe(true);
      expect(loud(10, 12)).toBe(true);
      expect(loud(8.5, 10)).toBe(false);
    }
    const english = await readFile(tracks[1].vttPath, 'utf8');
    expect(english).toContain('This is sample film 3. 10 seconds in.');
    expect(await readFile(tracks[0].vttPath, 'utf8')).toContain('यह नमूना फ़िल्म 3 है।');
  });

  it('speaks Tamil too on every sixth film from the second, with its subtitles', async () => {
    const tracks = await speakSampleFilm(2, 12, dir);
    expect(tracks.map(({ audio }) => audio.language)).toEqual(['hi', 'en', 'ta']);
    expect(tracks[2].audio).toEqual({ language: 'ta', name: 'தமிழ்', isDefault: false });
    expect(await readFile(tracks[2].vttPath, 'utf8')).toContain('இது மாதிரித் திரைப்படம் 2. 10 வினாடிகள் ஆயின.');
    const { sampleRate, samples } = readWav(await readFile(tracks[2].wavPath));
    expect(samples.subarray(0, 2 * sampleRate).some((s) => Math.abs(s) > 500)).toBe(true);
    expect((await speakSampleFilm(3, 5, dir)).map(({ audio }) => audio.language)).toEqual(['hi', 'en']);
  });

  it('fails clearly when espeak-ng is missing', async () => {
    await expect(speakSampleFilm(1, 5, dir, '/nonexistent/espeak-ng')).rejects.toThrow(
      '/nonexistent/espeak-ng could not run',
    );
  });

  it('writes WAV files it reads back, and WebVTT with cue times', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768]);
    expect(readWav(writeWav({ sampleRate: 22050, samples }))).toEqual({ sampleRate: 22050, samples });
    expect(buildVtt([{ start: 0, end: 1.5, text: 'Hi' }])).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHi\n',
    );
  });
});
