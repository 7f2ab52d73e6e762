import { buildThumbsVtt, sheetName, thumbnailCount } from './trickplay-vtt';

const cues = (vtt: string) =>
  vtt
    .trim()
    .split('\n\n')
    .slice(1)
    .map((block) => block.split('\n'));

describe('trickplay WebVTT index', () => {
  it('has one cue per started 10 s, the last ending with the film', () => {
    const vtt = buildThumbsVtt({ durationSeconds: 45.5, frameWidth: 320, frameHeight: 180 });
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const list = cues(vtt);
    expect(list).toHaveLength(5);
    expect(list[0]).toEqual(['00:00:00.000 --> 00:00:10.000', 'sheet_000.jpg#xywh=0,0,320,180']);
    expect(list[4]).toEqual(['00:00:40.000 --> 00:00:45.500', 'sheet_000.jpg#xywh=1280,0,320,180']);
  });

  it('stops at the frames really written, the last cue then running to the film`s end', () => {
    const list = cues(
      buildThumbsVtt({ durationSeconds: 31, frameWidth: 320, frameHeight: 180, frameCount: 3 }),
    );
    expect(list).toHaveLength(3);
    expect(list[2]).toEqual(['00:00:20.000 --> 00:00:31.000', 'sheet_000.jpg#xywh=640,0,320,180']);
    expect(
      cues(buildThumbsVtt({ durationSeconds: 31, frameWidth: 320, frameHeight: 180, frameCount: 9 })),
    ).toHaveLength(4);
  });

  it('walks the 10 × 10 grid row by row and moves to the next sheet after 100 frames', () => {
    const list = cues(buildThumbsVtt({ durationSeconds: 3 * 3600, frameWidth: 320, frameHeight: 134 }));
    expect(list).toHaveLength(1080);
    expect(list[10][1]).toBe('sheet_000.jpg#xywh=0,134,320,134');
    expect(list[99][1]).toBe('sheet_000.jpg#xywh=2880,1206,320,134');
    expect(list[100]).toEqual(['00:16:40.000 --> 00:16:50.000', 'sheet_001.jpg#xywh=0,0,320,134']);
    expect(list[1079][0]).toBe('02:59:50.000 --> 03:00:00.000');
  });

  it('counts thumbnails as ffmpeg emits them and names sheets from 000', () => {
    expect([4, 10, 10.01, 45].map((d) => thumbnailCount(d))).toEqual([1, 1, 2, 5]);
    expect(sheetName(0)).toBe('sheet_000.jpg');
    expect(sheetName(12)).toBe('sheet_012.jpg');
  });
});
