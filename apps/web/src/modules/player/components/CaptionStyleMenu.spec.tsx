import { DEFAULT_CAPTION_STYLE } from '@app/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { profileStrings } from '@web/modules/profiles/strings';
import { profileStringsHi } from '@web/modules/profiles/strings.hi';
import { aHousehold, aProfile, profileToken } from '@web/modules/profiles/testing/profiles-test-kit';
import { seriousViolations } from '@web/test/axe';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderWithApi } from '@web/test/render-hook';
import { CaptionStyleMenu } from './CaptionStyleMenu';

const { captions: texts } = profileStrings;

describe("the player's subtitle style menu (issue 26)", () => {
  let api: FakeApi;
  let household: ReturnType<typeof aHousehold>;
  const kid = aProfile({ name: 'Mini', kind: 'kids', maturityCeiling: 'UA7' });

  beforeEach(async () => {
    window.localStorage.clear();
    api = await startFakeApi(() => undefined);
    household = aHousehold([aProfile({ name: 'Asha' }), kid]);
    api.respond((request, url, body) => household.route(request, url, body));
    signInAs('user');
    // A kids profile changes its own subtitle style.
    window.localStorage.setItem('token', profileToken(kid.id));
  });

  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
    await api.close();
  });

  const open = () => {
    const view = renderWithApi(<CaptionStyleMenu />, { apiBaseUrl: api.baseUrl });
    const button = screen.getByRole('button', { name: texts.legend });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    return { ...view, button };
  };

  it("shows the profile's style and saves each change to the profile", async () => {
    household.profiles[1] = {
      ...kid,
      playback: { ...kid.playback, captions: { size: 150, color: 'yellow', background: 50 } },
    };
    open();
    const size = screen.getByLabelText<HTMLSelectElement>(texts.size);
    await waitFor(() => expect(size.value).toBe('150'));
    expect(screen.getByLabelText<HTMLSelectElement>(texts.color).value).toBe('yellow');
    expect(
      [...screen.getByLabelText<HTMLSelectElement>(texts.background).options].map((o) => o.text),
    ).toEqual(['0%', '50%', '75%', '100%']);

    fireEvent.change(size, { target: { value: '200' } });
    // Shown while it is being saved.
    await waitFor(() => expect(size.value).toBe('200'));
    await waitFor(() =>
      expect(household.sent.filter(({ method }) => method === 'PATCH')).toEqual([
        {
          method: 'PATCH',
          path: `/api/profiles/${kid.id}`,
          body: { playback: { captions: { size: 200, color: 'yellow', background: 50 } } },
          token: profileToken(kid.id),
        },
      ]),
    );
    fireEvent.change(screen.getByLabelText(texts.color), { target: { value: 'cyan' } });
    await waitFor(() => expect(household.profiles[1].playback.captions.color).toBe('cyan'));
    expect(household.profiles[1].playback.captions).toEqual({ size: 200, color: 'cyan', background: 50 });
    expect(size.value).toBe('200');
  });

  it('says when the style could not be saved, and shows what is stored', async () => {
    household.profiles[1] = {
      ...kid,
      playback: { ...kid.playback, captions: { ...DEFAULT_CAPTION_STYLE, size: 150 } },
    };
    api.respond((request, url, body) =>
      request.method === 'PATCH'
        ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down', correlationId: 'c' } }
        : household.route(request, url, body),
    );
    open();
    const size = screen.getByLabelText<HTMLSelectElement>(texts.size);
    await waitFor(() => expect(size.value).toBe('150'));
    fireEvent.change(size, { target: { value: '75' } });
    expect((await screen.findByRole('alert')).textContent).toBe(texts.failed);
    expect(size.value).toBe('150');
  });

  it('closes with Escape from its lists, giving focus back to the button', () => {
    const { button } = open();
    fireEvent.keyDown(screen.getByLabelText(texts.size), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('combobox', { name: texts.size })).toBeNull();
  });

  it('names every control, in Hindi too, and axe finds nothing serious', async () => {
    const { container } = open();
    expect(await seriousViolations(container)).toEqual([]);
    await act(() => i18next.changeLanguage('hi'));
    screen.getByRole('button', { name: profileStringsHi.captions.legend });
    screen.getByRole('group', { name: profileStringsHi.captions.legend });
    screen.getByLabelText(profileStringsHi.captions.background);
    expect(await seriousViolations(container)).toEqual([]);
  });
});
