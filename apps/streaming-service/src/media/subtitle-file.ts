import { formatVttTime } from '../ffmpeg/trickplay-vtt';

/** An admin's subtitle file (issue 26): WebVTT kept as it is, SRT converted; anything else refused. */
export class SubtitleFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SubtitleFileError';
  }
}

export const SUBTITLE_MAX_CHARS = 1_000_000;
const MAX_CUES = 20_000;

// `00:01:02.500` (WebVTT, hours optional) or `00:01:02,500` (SRT).
const VTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const SRT_TIME = /^(\d{2,}):([0-5]\d):([0-5]\d),(\d{3})$/;

const seconds = (match: RegExpExecArray) =>
  Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;

type Cue = { start: number; end: number; settings: string; text: string[] };

/** A timing line `start --> end [settings]`, or null when the line is not one. */
const timing = (line: string, time: RegExp): Omit<Cue, 'text'> | null => {
  const [start, arrow, end, ...settings] = line.trim().split(/\s+/);
  if (arrow !== '-->' || !start || !end) return null;
  const from = time.exec(start);
  const to = time.exec(end);
  if (!from || !to) return null;
  return { start: seconds(from), end: seconds(to), settings: settings.join(' ') };
};

/** Cues of the blocks after the header; `time` is the format's timestamp. Throws on a malformed block. */
const cuesOf = (blocks: string[][], time: RegExp, format: string): Cue[] => {
  const cues: Cue[] = [];
  for (const block of blocks) {
    // WebVTT's NOTE, STYLE and REGION blocks carry no cue.
    if (format === 'WebVTT' && /^(NOTE|STYLE|REGION)(\s|$)/.test(block[0])) continue;
    const at = block.findIndex((line) => line.includes('-->'));
    // An optional identifier line (SRT's number) may come first, nothing else.
    if (at < 0 || at > 1)
      throw new SubtitleFileError(`The subtitle file is not valid ${format}: a cue has no timing line.`);
    const parsed = timing(block[at], time);
    if (!parsed || parsed.end < parsed.start)
      throw new SubtitleFileError(
        `The subtitle file is not valid ${format}: bad timing "${block[at].trim().slice(0, 60)}".`,
      );
    cues.push({ ...parsed, text: block.slice(at + 1) });
    if (cues.length > MAX_CUES) throw new SubtitleFileError('The subtitle file has too many cues.');
  }
  if (cues.length === 0)
    throw new SubtitleFileError(`The subtitle file is not valid ${format}: it has no cues.`);
  return cues;
};

const blocksOf = (lines: string[]) => {
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (current.length) blocks.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length) blocks.push(current);
  return blocks;
};

/**
 * The WebVTT of an uploaded subtitle file: WebVTT (its header `WEBVTT`) is checked cue by cue and rewritten with
 * its cues only; SRT (numbered cues, `00:00:01,000 --> 00:00:02,000`) is converted. Anything else, or a file
 * whose cues do not parse, is refused with a SubtitleFileError naming why.
 */
export const toWebVtt = (file: string): string => {
  if (file.length > SUBTITLE_MAX_CHARS) throw new SubtitleFileError('The subtitle file is too large.');
  const lines = file.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (lines.some((line) => line.includes('\u0000')))
    throw new SubtitleFileError('The subtitle file must be WebVTT or SRT text.');
  const isVtt = /^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '');
  const blocks = blocksOf(isVtt ? lines.slice(1) : lines);
  if (!isVtt && !(blocks[0] && blocks[0].some((line) => SRT_TIME.test(line.trim().split(/\s+/)[0] ?? ''))))
    throw new SubtitleFileError('The subtitle file must be WebVTT or SRT.');
  // A WebVTT header block (lines right after WEBVTT) holds no cue.
  const cueBlocks =
    isVtt && blocks[0] && !blocks[0].some((line) => line.includes('-->')) && lines[1]?.trim() !== ''
      ? blocks.slice(1)
      : blocks;
  const cues = cuesOf(cueBlocks, isVtt ? VTT_TIME : SRT_TIME, isVtt ? 'WebVTT' : 'SRT');
  return [
    'WEBVTT',
    '',
    ...cues.flatMap((cue) => [
      `${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}${isVtt && cue.settings ? ` ${cue.settings}` : ''}`,
      // A cue's text never holds `-->` or an empty line (either would end or break the cue).
      ...cue.text.map((line) => line.replace(/-->/g, '→')),
      '',
    ]),
  ].join('\n');
};
