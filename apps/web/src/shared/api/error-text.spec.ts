import i18next from 'i18next';
import { AuthMessages, ErrorCode, ProfileMessages, PromoMessages } from '@app/contracts';
import { Languages } from '@web/shared/i18n/languages';
import { ApiRequestError } from './api-request-error';
import { errorStringsHi } from './error-strings.hi';
import { errorText } from './error-text';

const answer = (status: number, message: string, fromServer = true) =>
  new ApiRequestError(status, { code: ErrorCode.Conflict, message, correlationId: 'c-1' }, fromServer);

describe('errorText', () => {
  it("shows the gateway's own words, else the fallback", () => {
    expect(errorText(answer(409, 'You have already reviewed this title'), { fallback: 'Failed' })).toBe(
      'You have already reviewed this title',
    );
    expect(errorText(answer(500, ''), { fallback: 'Failed' })).toBe('Failed');
  });

  it("never shows a proxy's status line", () => {
    expect(errorText(answer(502, 'Bad Gateway', false), { fallback: 'Failed' })).toBe('Failed');
  });

  it('says the network text when no answer came, the fallback when there is none', () => {
    expect(errorText(new TypeError('Failed to fetch'), { fallback: 'Failed', network: 'Offline' })).toBe(
      'Offline',
    );
    expect(errorText(new TypeError('Failed to fetch'), { fallback: 'Failed' })).toBe('Failed');
  });

  it('shows only the server texts a screen names', () => {
    const options = { fallback: 'Failed', showServerText: (error: ApiRequestError) => error.status === 409 };
    expect(errorText(answer(409, 'Already owned'), options)).toBe('Already owned');
    expect(errorText(answer(400, 'Bad input'), options)).toBe('Failed');
  });

  it('gives a fallback per status', () => {
    const options = {
      fallback: (status: number) => `HTTP ${status}`,
      network: 'Offline',
      showServerText: () => false,
    };
    expect(errorText(answer(500, 'Boom'), options)).toBe('HTTP 500');
    expect(errorText(new Error('x'), options)).toBe('Offline');
  });

  describe('in the language chosen (issue 26)', () => {
    it('shows a server text the catalogue knows in Hindi once Hindi is chosen', async () => {
      await i18next.changeLanguage(Languages.Hindi);
      expect(errorText(answer(409, PromoMessages.accountLimit), { fallback: 'Failed' })).toBe(
        errorStringsHi.promos.accountLimit,
      );
      expect(errorText(answer(401, AuthMessages.invalidCredentials), { fallback: 'Failed' })).toBe(
        'ईमेल या पासवर्ड गलत है',
      );
    });

    it('leaves a server text the catalogue does not know as the server sent it', async () => {
      await i18next.changeLanguage(Languages.Hindi);
      // Made from a number, so not in the catalogue.
      const wrongPin = ProfileMessages.wrongPin(2);
      expect(errorText(answer(403, wrongPin), { fallback: 'Failed' })).toBe(wrongPin);
      expect(errorText(answer(409, 'Something new the web has not heard of'), { fallback: 'Failed' })).toBe(
        'Something new the web has not heard of',
      );
    });

    it('shows the English text unchanged while English is shown', () => {
      expect(errorText(answer(409, PromoMessages.accountLimit), { fallback: 'Failed' })).toBe(
        PromoMessages.accountLimit,
      );
    });
  });
});
