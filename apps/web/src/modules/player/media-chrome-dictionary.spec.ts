import i18next from 'i18next';
import { mediaChromeDictionary } from './media-chrome-dictionary';

describe("media-chrome's texts in the interface's language (issue 26)", () => {
  it("names the speed button with the rate it shows, and leaves media-chrome's placeholders to it", () => {
    const english = mediaChromeDictionary(i18next.getFixedT('en', 'player'));
    expect(english['Playback rate {playbackRate}']).toBe('Playback rate {playbackRate}x');
    expect(english['seek forward {seekOffset} seconds']).toBe('seek forward {seekOffset} seconds');
    expect(english.play).toBe('play');
  });

  it('gives every text in Hindi', async () => {
    // The Hindi catalogues load with the switch.
    await i18next.changeLanguage('hi');
    const hindi = mediaChromeDictionary(i18next.getFixedT('hi', 'player'));
    await i18next.changeLanguage('en');
    const english = mediaChromeDictionary(i18next.getFixedT('en', 'player'));
    expect(Object.keys(hindi)).toEqual(Object.keys(english));
    expect(hindi['Playback rate {playbackRate}']).toBe('प्लेबैक की गति {playbackRate}x');
    expect(hindi['{currentTime} of {totalTime}']).toBe('{totalTime} में से {currentTime}');
    // Every Hindi text is written in Devanagari, placeholders and units aside: none was left in English.
    expect(Object.values(hindi).filter((text) => !/[\u0900-\u097F]/.test(text))).toEqual([]);
  });
});
