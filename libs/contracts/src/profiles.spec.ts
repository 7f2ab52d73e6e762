import { CreateProfileRequestSchema, DEFAULT_CAPTION_STYLE, UpdateProfileRequestSchema } from './profiles';

describe('caption style on a profile (issue 26)', () => {
  it('gives a new profile the default style, also when a client names only the older playback settings', () => {
    const created = CreateProfileRequestSchema.parse({
      name: 'Asha',
      avatar: 'ocean',
      playback: { autoplayNext: false, askBeforeNext: true },
    });
    expect(created.playback).toEqual({
      autoplayNext: false,
      askBeforeNext: true,
      captions: DEFAULT_CAPTION_STYLE,
    });
  });

  it('changes only what an update names: no default style overwrites the stored one', () => {
    expect(UpdateProfileRequestSchema.parse({ playback: { autoplayNext: false } })).toEqual({
      playback: { autoplayNext: false },
    });
  });

  it('takes the offered sizes, colours and background opacities only', () => {
    const update = (captions: object) => UpdateProfileRequestSchema.safeParse({ playback: { captions } });
    expect(update({ size: 150, color: 'yellow', background: 50 }).success).toBe(true);
    const wrong = update({ size: 120, color: 'red', background: 40 });
    expect(wrong.error?.issues.map(({ path }) => path.join('.'))).toEqual([
      'playback.captions.size',
      'playback.captions.color',
      'playback.captions.background',
    ]);
    expect(update({ size: 100, color: 'white' }).success).toBe(false);
  });
});
