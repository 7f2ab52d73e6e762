import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AudioTrack, SubtitleTrack } from '@app/contracts';
import { trackLanguageName } from '@app/contracts';
import { formatVttTime } from '../ffmpeg/trickplay-vtt';

/**
 * The sample films' speech (issue 26, DECISIONS 38): Debian's espeak-ng says a short line every CUE_SECONDS in
 * Hindi (the default track) and in English, and in Tamil on every sixth film from the second (so the demo
 * series whose episodes play it offer a third language); the same lines, timed to the speech, are the WebVTT
 * subtitles. Each
 * line is synthesised on its own (a few ms each) and laid at its instant in one WAV the length of the film, so
 * speech and subtitles stay in step without any aligning.
 */
export const CUE_SECONDS = 10;
export const ESPEAK = 'espeak-ng';

type SampleLanguage = {
  language: string;
  voice: string;
  isDefault: boolean;
  line: (n: number, at: number) => string;
  /** The films that speak it; every film when absent. */
  inFilm?: (n: number) => boolean;
};

export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = [
  {
    language: 'hi',
    voice: 'hi',
    isDefault: true,
    line: (n, at) => `यह नमूना फ़िल्म ${n} है। अब ${at} सेकंड हुए।`,
  },
  {
    language: 'en',
    voice: 'en',
    isDefault: false,
    line: (n, at) => `This is sample film ${n}. ${at} seconds in.`,
  },
  {
    language: 'ta',
    voice: 'ta',
    isDefault: false,
    line: (n, at) => `இது மாதிரித் திரைப்படம் ${n}. ${at} வினாடிகள் ஆயின.`,
    inFilm: (n) => n % 6 === 2,
  },
];

/** The languages film n speaks. */
export const languagesOfFilm = (n: number): readonly SampleLanguage[] =>
  SAMPLE_LANGUAGES.filter(({ inFilm }) => inFilm?.(n) ?? true);

export type SpokenTrack = {
  audio: AudioTrack;
  subtitle: SubtitleTrack;
  wavPath: string;
  vttPath: string;
};

type Pcm = { sampleRate: number; samples: Int16Array };

/** espeak-ng's WAV (mono 16-bit PCM; `--stdout` leaves the sizes unset): its rate and samples. */
export const readWav = (wav: Buffer): Pcm => {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('espeak-ng did not write a WAV file');
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(offset + 12);
    if (id === 'data') {
      const start = offset + 8;
      const end = Math.min(wav.length, size === 0 || size === 0xffffffff ? wav.length : start + size);
      const bytes = wav.subarray(start, end - ((end - start) % 2));
      const samples = new Int16Array(bytes.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
      return { sampleRate, samples };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('espeak-ng wrote no samples');
};

/** A mono 16-bit PCM WAV of `samples`. */
export const writeWav = ({ sampleRate, samples }: Pcm): Buffer => {
  const header = Buffer.alloc(44);
  const dataBytes = samples.length * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, dataBytes)]);
};

/** espeak-ng's WAV of one line, spoken by `voice`. */
export const speak = (text: string, voice: string, binary = ESPEAK): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const child = spawn(binary, ['-v', voice, '-s', '165', '--stdout', text], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', (error) => reject(new Error(`${binary} could not run: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${binary} failed: ${err.trim() || code}`)),
    );
  });

export type Cue = { start: number; end: number; text: string };

/** A WebVTT file of cues. */
export const buildVtt = (cues: readonly Cue[]): string =>
  [
    'WEBVTT',
    '',
    ...cues.flatMap((cue) => [`${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}`, cue.text, '']),
  ].join('\n');

/**
 * Writes film n's spoken tracks into `dir` (`speech_{language}.wav`, `subs_{language}.vtt`): one line at 0 s,
 * 10 s, 20 s…, each cut at the next line's instant should it run longer.
 */
export const speakSampleFilm = async (
  n: number,
  seconds: number,
  dir: string,
  binary = ESPEAK,
): Promise<SpokenTrack[]> =>
  Promise.all(
    languagesOfFilm(n).map(async ({ language, voice, isDefault, line }) => {
      const instants = Array.from({ length: Math.ceil(seconds / CUE_SECONDS) }, (_, i) => i * CUE_SECONDS);
      const spoken = await Promise.all(
        instants.map(async (at) => ({
          at,
          text: line(n, at),
          pcm: readWav(await speak(line(n, at), voice, binary)),
        })),
      );
      const sampleRate = spoken[0].pcm.sampleRate;
      const track = new Int16Array(Math.ceil(seconds * sampleRate));
      const cues: Cue[] = spoken.map(({ at, text, pcm }) => {
        const offset = Math.round(at * sampleRate);
        const room = Math.max(
          0,
          Math.min(track.length, Math.round((at + CUE_SECONDS) * sampleRate)) - offset,
        );
        const length = Math.min(room, pcm.samples.length);
        track.set(pcm.samples.subarray(0, length), offset);
        return { start: at, end: at + Math.max(length / sampleRate, 1), text };
      });
      const wavPath = path.join(dir, `speech_${language}.wav`);
      const vttPath = path.join(dir, `subs_${language}.vtt`);
      await Promise.all([
        writeFile(wavPath, writeWav({ sampleRate, samples: track })),
        writeFile(vttPath, buildVtt(cues)),
      ]);
      const name = trackLanguageName(language);
      return {
        audio: { language, name, isDefault },
        // Shown only when chosen: the speech is already heard in the default language.
        subtitle: { language, name, isDefault: false, cc: false },
        wavPath,
        vttPath,
      };
    }),
  );
