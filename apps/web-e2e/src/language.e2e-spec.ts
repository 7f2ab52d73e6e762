import { call, newUser, signIn } from './support/api';
import { openBrowser, type Session } from './support/browser';
import { signInAs } from './support/viewer';

// Issue 26 in Chromium against the whole system: the interface in Hindi, from the header's switch, with the
// Devanagari font the app brings (this machine's Chromium has none of its own), kept across visits, and the
// signed-in viewer's choice saved to the account (its mails are written in it).

/** Whether the page can draw Devanagari with the font the app loads for Hindi. */
const devanagariFontReady = (session: Session) =>
  session.page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px "Noto Sans Devanagari"', 'हिन्दी');
  });

/** The fonts Chromium drew an element's text with (DevTools' "Rendered fonts"). */
const renderedFonts = async (session: Session, selector: string) => {
  const cdp = await session.context.newCDPSession(session.page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map(({ familyName, isCustomFont }) => ({ familyName, isCustomFont }));
};

describe('the interface in Hindi (issue 26)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it('a visitor switches the landing page to Hindi from the header; it stays Hindi on the next visit', async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Unlimited movies, TV shows and more' }).waitFor();

    // The switch names Hindi in itself on an English page: drawn with the app's own Devanagari glyphs, not the
    // empty boxes of a system font that lacks them.
    const label = page.getByRole('button', { name: 'Show the interface in हिन्दी' }).locator('[lang="hi"]');
    await label.waitFor();
    await page.waitForFunction(() => document.fonts.check('600 14px "Hindi Name"', 'हिन्दी'));
    // Chromium reports a node's fonts once it has drawn it with them: asked a moment too early, it names none.
    let fonts = await renderedFonts(session, 'header button [lang="hi"]');
    for (let i = 0; i < 20 && fonts.length === 0; i++) {
      await page.waitForTimeout(250);
      fonts = await renderedFonts(session, 'header button [lang="hi"]');
    }
    expect(fonts).toEqual([{ familyName: 'Noto Sans Devanagari SemiBold', isCustomFont: true }]);

    await page.getByRole('button', { name: 'Show the interface in हिन्दी' }).click();
    await page.getByRole('heading', { level: 1, name: 'अनगिनत फ़िल्में, टीवी शो और बहुत कुछ' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await page.getByText('शुरुआत ₹149 से। कभी भी रद्द करें।').waitFor();
    await page.waitForFunction(() => document.fonts.check('16px "Noto Sans Devanagari"', 'हिन्दी'));
    expect(await devanagariFontReady(session)).toBe(true);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'अनगिनत फ़िल्में, टीवी शो और बहुत कुछ' }).waitFor();
    await page.getByRole('button', { name: 'इंटरफ़ेस English में दिखाएँ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Unlimited movies, TV shows and more' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('a signed-in viewer’s switch is saved to the account, which a new device then shows', async () => {
    const viewer = await newUser('hindi');
    await signInAs(session.context, viewer);
    const { page } = session;
    await page.goto('/userdashboard');
    await page.getByRole('button', { name: 'Show the interface in हिन्दी' }).click();
    await page.getByRole('link', { name: 'फ़िल्में', exact: true }).first().waitFor();
    const account = async () =>
      (await call<{ language?: string }>('GET', '/api/user', { token: viewer.token })).body.language;
    for (let i = 0; i < 20 && (await account()) !== 'hi'; i++) await page.waitForTimeout(250);
    expect(await account()).toBe('hi');

    // Another device, with no choice of its own: the account's language.
    const other = await openBrowser();
    try {
      await signInAs(other.context, await signIn(viewer));
      await other.page.goto('/userdashboard');
      await other.page.getByRole('link', { name: 'फ़िल्में', exact: true }).first().waitFor();
    } finally {
      await other.close();
    }
  });
});
