import { newUser } from './support/api';
import type { Session } from './support/browser';
import { openBrowser } from './support/browser';
import { addProfile, chooseProfile } from './support/profiles';
import { asUser, signInThroughUi } from './support/sign-in';

// Issue 25 in Chromium against the whole system: after sign-in "Who's watching?" lists the account's profiles;
// the kids profile opens its own simpler home and the header shows its avatar; a profile locked with a PIN refuses a
// wrong one with the server's words and opens with the right one.

describe('profiles (issue 25)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it("sign in → Who's watching? → the kids profile; a locked profile needs its PIN", async () => {
    const { page } = session;
    const parent = await newUser('profiles');
    const asParent = await chooseProfile(parent.token, parent.id);
    await addProfile(asParent, { name: 'Mini', avatar: 'kite', kind: 'kids' });
    await addProfile(asParent, { name: 'Ravi', avatar: 'comet', pin: '4321' });

    await signInThroughUi(page, asUser(parent));
    await page.waitForURL('**/profiles');
    await page.getByRole('heading', { name: "Who's watching?" }).waitFor();
    const tiles = page.getByRole('list', { name: 'Profiles' });
    await tiles.getByRole('button', { name: /^Mini/ }).click();

    await page.waitForURL('**/userdashboard');
    const header = page.getByRole('banner').first();
    const menuButton = header.getByRole('button', { name: 'Profile menu: Mini' });
    await menuButton.waitFor();
    expect(await menuButton.locator('svg').getAttribute('data-avatar')).toBe('kite');
    await page.getByRole('heading', { name: 'Hi, Mini!' }).waitFor();

    // From the kids profile into the locked one: its PIN first.
    await menuButton.click();
    await header.getByRole('button', { name: 'Ravi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the PIN for Ravi' });
    await dialog.getByLabel('Profile PIN').fill('1111');
    await dialog.getByRole('button', { name: 'Open profile' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/^Wrong PIN\. \d+ tr(y|ies) left\.$/)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/profiles');
    await header.getByRole('button', { name: 'Profile menu: Mini' }).waitFor();

    await dialog.getByLabel('Profile PIN').fill('4321');
    await dialog.getByRole('button', { name: 'Open profile' }).click();
    await page.waitForURL('**/userdashboard');
    await header.getByRole('button', { name: 'Profile menu: Ravi' }).waitFor();
  });
});
