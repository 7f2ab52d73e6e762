import type { ParentalSettings } from '@app/contracts';
import { call, newUser } from './support/api';
import type { Session } from './support/browser';
import { openBrowser } from './support/browser';
import { playableTitles } from './support/playable';
import { playerOf, watch } from './support/player';
import { addProfile, chooseProfile } from './support/profiles';
import { asUser, signInThroughUi } from './support/sign-in';

// Issue 25 in Chromium against the whole system: the parent's profile plays an A title only after the account
// holder's date of birth (asked once) and the account's parental PIN, and the player shows its class as it starts
// (IT Rules 2021); a profile locked with a PIN cannot be entered without it.

describe('parental controls (issue 25)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it("the parent's profile plays an A title after the date of birth and the PIN; a locked profile needs its PIN", async () => {
    const { page } = session;
    const [title] = await playableTitles('free', 1, { adult: true });
    if (!title) throw new Error('no playable A title among the first free titles');
    const parent = await newUser('parental');
    // The parent sets the account's PIN (after the password) and a locked second profile, before signing in here.
    const set = await call<ParentalSettings>('PUT', '/api/parental', {
      token: parent.token,
      body: { password: parent.password, pin: '2468' },
    });
    expect([set.status, set.body.pinSet]).toEqual([200, true]);
    await addProfile(await chooseProfile(parent.token, parent.id), {
      name: 'Papa',
      avatar: 'comet',
      pin: '4321',
    });

    await signInThroughUi(page, asUser(parent));
    await page.waitForURL('**/profiles');
    await page
      .getByRole('list', { name: 'Profiles' })
      .getByRole('button', { name: new RegExp(`^${parent.username}`) })
      .click();
    await page.waitForURL('**/userdashboard');

    await watch(page, title);
    // First the account holder's date of birth (A titles need an adult, asked once)...
    const age = page.getByRole('region', { name: 'Confirm your age' });
    await age.getByLabel('Date of birth').fill('1985-04-12');
    await age.getByRole('button', { name: 'Confirm and play' }).click();
    // ...then the parental PIN: a wrong one is refused with the tries left, the right one plays.
    const pin = page.getByRole('region', { name: 'Enter the parental PIN' });
    await pin.getByLabel('Parental PIN').fill('1111');
    await pin.getByRole('button', { name: 'Play' }).click();
    await pin.getByRole('alert').getByText('Wrong parental PIN. 4 tries left.').waitFor();
    await pin.getByLabel('Parental PIN').fill('2468');
    await pin.getByRole('button', { name: 'Play' }).click();
    const player = playerOf(page, title.title);
    await player.waitFor();
    // The class over the first seconds of playback.
    await player.getByText(/^Rated A/).waitFor();

    // The locked profile, from the header: its PIN first; closing the prompt leaves the parent's profile in use.
    const header = page.getByRole('banner').first();
    await header.getByRole('button', { name: `Profile menu: ${parent.username}` }).click();
    await header.getByRole('button', { name: 'Papa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the PIN for Papa' });
    await dialog.getByLabel('Profile PIN').fill('0000');
    await dialog.getByRole('button', { name: 'Open profile' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/^Wrong PIN\. \d+ tr(y|ies) left\.$/)
      .waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/profiles');
    await header.getByRole('button', { name: `Profile menu: ${parent.username}` }).waitFor();
    // And the server agrees: no session acts as it without the PIN.
    const papa = (
      await call<{ profiles: { id: string; name: string }[] }>('GET', '/api/profiles', {
        token: parent.token,
      })
    ).body.profiles.find(({ name }) => name === 'Papa');
    const refused = await call('POST', `/api/profiles/${papa?.id ?? ''}/select`, {
      token: parent.token,
      body: {},
    });
    expect(refused.status).toBe(403);
  });
});
