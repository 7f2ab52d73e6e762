import i18next from 'i18next';
import '@web/shared/i18n/i18n';
import { trackLanguageChoice } from './format';

describe('trackLanguageChoice', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it("names a language in the interface's language, then in its own script when they differ", async () => {
    await i18next.changeLanguage('en');
    expect(trackLanguageChoice('ta')).toBe('Tamil · தமிழ்');
    expect(trackLanguageChoice('en')).toBe('English');

    await i18next.changeLanguage('hi');
    expect(trackLanguageChoice('ta')).toBe('तमिल · தமிழ்');
    expect(trackLanguageChoice('hi')).toBe('हिन्दी');
    expect(trackLanguageChoice('en')).toBe('अंग्रेज़ी · English');
  });
});
