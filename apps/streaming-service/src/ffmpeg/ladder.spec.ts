import { gopFrames, planLadder } from './ladder';

const names = (height: number) => planLadder(height).map((rung) => rung.rendition);

describe('HLS ladder', () => {
  it('never upscales, but always keeps 480p', () => {
    expect(names(2160)).toEqual(['1080p', '720p', '480p']);
    expect(names(1080)).toEqual(['1080p', '720p', '480p']);
    expect(names(1079)).toEqual(['720p', '480p']);
    expect(names(720)).toEqual(['720p', '480p']);
    expect(names(480)).toEqual(['480p']);
    expect(names(240)).toEqual(['480p']);
  });

  it('puts a keyframe every 2 s at the source rate', () => {
    expect(gopFrames(24)).toBe(48);
    expect(gopFrames(29.97)).toBe(60);
    expect(gopFrames(null)).toBe(48);
  });
});
