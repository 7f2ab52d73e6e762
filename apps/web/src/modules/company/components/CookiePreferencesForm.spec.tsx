import { act, fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { renderApp, waitForPage } from '@web/test/render-app';
import { companyPages, companyStrings } from '../strings';
import { companyStringsHi } from '../strings.hi';
import { COOKIE_PREFERENCES_KEY } from '../cookie-preferences';

const toggle = (name: string) => screen.getByRole('switch', { name: new RegExp(name) }) as HTMLInputElement;

describe('Cookie preferences', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts with analytics on and marketing off, and saves the choice in this browser', async () => {
    const first = renderApp({ path: '/cookiepreferences' });
    await waitForPage();
    expect(toggle(companyStrings.analyticsLabel).checked).toBe(true);
    expect(toggle(companyStrings.marketingLabel).checked).toBe(false);

    fireEvent.click(toggle(companyStrings.analyticsLabel));
    fireEvent.click(toggle(companyStrings.marketingLabel));
    expect(window.localStorage.getItem(COOKIE_PREFERENCES_KEY)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: companyStrings.savePreferences }));

    expect(screen.getByRole('status').textContent).toBe(companyStrings.preferencesSaved);
    expect(JSON.parse(window.localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? '{}')).toEqual({
      analytics: false,
      marketing: true,
    });
    first.unmount();

    renderApp({ path: '/cookiepreferences' });
    await waitForPage();
    expect(toggle(companyStrings.analyticsLabel).checked).toBe(false);
    expect(toggle(companyStrings.marketingLabel).checked).toBe(true);
  });

  it('shows the page in Hindi and saves from there', async () => {
    renderApp({ path: '/cookiepreferences' });
    await waitForPage();
    await act(() => i18next.changeLanguage('hi'));

    screen.getByRole('heading', { level: 1, name: companyStringsHi.cookieTitle });
    screen.getByText(companyStringsHi.cookieLead);
    expect(document.title).toBe(`${companyStringsHi.cookieTitle} · Streamly`);
    fireEvent.click(toggle(companyStringsHi.marketingLabel));
    fireEvent.click(screen.getByRole('button', { name: companyStringsHi.savePreferences }));

    expect(screen.getByRole('status').textContent).toBe(companyStringsHi.preferencesSaved);
    expect(JSON.parse(window.localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? '{}')).toEqual({
      analytics: true,
      marketing: true,
    });
  });

  it('falls back to the defaults when the stored value is junk', async () => {
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, '{"analytics":"yes"');
    renderApp({ path: '/cookiepreferences' });
    await waitForPage();
    expect(toggle(companyStrings.analyticsLabel).checked).toBe(true);
  });
});

describe('Company pages', () => {
  it.each([
    ['/aboutus', companyPages.aboutUs.title],
    ['/careers', companyPages.careers.title],
    ['/press', companyPages.press.title],
    ['/helpcenter', companyPages.helpCenter.title],
    ['/privacypolicy', companyPages.privacyPolicy.title],
    ['/corporateinformation', companyPages.corporateInformation.title],
  ])('%s shows its content', async (path, title) => {
    renderApp({ path });
    await waitForPage();
    screen.getByRole('heading', { level: 1, name: title });
  });

  it('shows a company page in Hindi, its sections and points too', async () => {
    renderApp({ path: '/termsofuse' });
    await waitForPage();
    await act(() => i18next.changeLanguage('hi'));

    const hi = companyStringsHi.pages.termsOfUse;
    screen.getByRole('heading', { level: 1, name: hi.title });
    screen.getByText(hi.lead);
    screen.getByRole('heading', { name: hi.sections[1].heading });
    screen.getByText(hi.sections[2].points[1]);
    expect(screen.queryByText(/No unauthorized distribution/)).toBeNull();
  });

  it("states SPEC's terms of use points", async () => {
    renderApp({ path: '/termsofuse' });
    await waitForPage();
    screen.getByText(/18 years or older, or have the consent of a parent/);
    screen.getByText(/Do not share it beyond your household/);
    screen.getByText(/No unauthorized distribution/);
  });
});
