import type { AddedAudioStatus } from '@app/contracts';
import type { AddedAudioRecord } from './asset.schema';
import { mergedAudio } from './assets.repository';

const HINDI = { language: 'hi', name: 'हिन्दी', isDefault: true };
const ENGLISH = { language: 'en', name: 'English', isDefault: false };
const added = (language: string, name: string, status: AddedAudioStatus): AddedAudioRecord => ({
  language,
  name,
  status,
  progress: status === 'ready' ? 100 : 0,
  error: null,
  version: `v-${language}`,
  sourceKey: null,
  updatedAt: new Date(0),
});

describe("mergedAudio: a title's audio renditions as delivery lists them (issue 26)", () => {
  it("lists the admin's ready tracks after the version's own, never one on its way or failed", () => {
    expect(
      mergedAudio({
        audioTracks: [HINDI, ENGLISH],
        addedAudio: [
          added('ta', 'Tamil dub', 'ready'),
          added('te', 'Telugu', 'processing'),
          added('bn', 'Bangla', 'failed'),
          added('mr', 'Marathi', 'queued'),
        ],
      }),
    ).toEqual([HINDI, ENGLISH, { language: 'ta', name: 'Tamil dub', isDefault: false }]);
  });

  it("keeps the admin's track of a language a later version brings too (its files are the ones served)", () => {
    expect(
      mergedAudio({ audioTracks: [HINDI, ENGLISH], addedAudio: [added('en', 'English (studio)', 'ready')] }),
    ).toEqual([HINDI, { language: 'en', name: 'English (studio)', isDefault: false }]);
  });

  it('makes the first track the default when the version has none (a silent film)', () => {
    expect(mergedAudio({ audioTracks: [], addedAudio: [added('hi', 'Hindi', 'ready')] })).toEqual([
      { language: 'hi', name: 'Hindi', isDefault: true },
    ]);
  });

  it("gives the default to the admin's track that replaced the version's default language", () => {
    expect(
      mergedAudio({ audioTracks: [HINDI, ENGLISH], addedAudio: [added('hi', 'Hindi dub', 'ready')] }),
    ).toEqual([ENGLISH, { language: 'hi', name: 'Hindi dub', isDefault: true }]);
  });
});
