import { ProfileMessages } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { profileStrings } from '../strings';
import { profileStringsHi } from '../strings.hi';
import { aHousehold, aProfile, profileToken } from '../testing/profiles-test-kit';

const { manage: texts, form, remove } = profileStrings;

describe('Manage Profiles (issue 25)', () => {
  let api: FakeApi;
  let household: ReturnType<typeof aHousehold>;
  const parent = aProfile({ name: 'Asha', avatar: 'tiger' });
  const child = aProfile({ name: 'Mini', avatar: 'kite', kind: 'kids', maturityCeiling: 'UA7' });

  const serve = (next: ReturnType<typeof aHousehold>) => {
    household = next;
    api.respond((request, url, body) => household.route(request, url, body));
  };

  beforeEach(async () => {
    window.localStorage.clear();
    api = await startFakeApi(() => undefined);
    serve(aHousehold([parent, child]));
  });

  afterEach(async () => {
    await api.close();
  });

  const open = async () => {
    signInAs('user');
    // Managing needs a session acting as a profile (issue 25): Asha's.
    window.localStorage.setItem('token', profileToken(parent.id));
    renderApp({ path: '/profiles/manage', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('button', { name: english('profiles:manage.edit', { name: 'Asha' }) });
  };
  const dialog = () => within(screen.getByRole('dialog'));
  const sentWith = (method: string) => household.sent.filter((call) => call.method === method);

  it('adds a kids profile with a lock: kids may only be rated U or U/A 7+', async () => {
    await open();

    fireEvent.click(screen.getByRole('button', { name: texts.add }));
    fireEvent.change(dialog().getByLabelText(form.name), { target: { value: 'Tara' } });
    fireEvent.click(dialog().getByRole('radio', { name: profileStrings.avatars.lotus }));
    const rating = dialog().getByLabelText(form.ceiling) as HTMLSelectElement;
    expect([...rating.options].map((option) => option.text)).toEqual([
      'U',
      'U/A 7+',
      'U/A 13+',
      'U/A 16+',
      'A',
    ]);
    fireEvent.click(dialog().getByRole('radio', { name: form.kidsKind }));
    expect([...rating.options].map((option) => option.text)).toEqual(['U', 'U/A 7+']);
    expect(rating.value).toBe('UA7');
    fireEvent.change(rating, { target: { value: 'U' } });
    fireEvent.click(dialog().getByRole('checkbox', { name: form.lock }));
    fireEvent.change(dialog().getByLabelText(form.pin), { target: { value: '2468' } });
    fireEvent.click(dialog().getByRole('button', { name: form.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentWith('POST')[0].body).toEqual({
      name: 'Tara',
      avatar: 'lotus',
      kind: 'kids',
      maturityCeiling: 'U',
      pin: '2468',
    });
    await screen.findByRole('button', { name: english('profiles:manage.edit', { name: 'Tara' }) });
  });

  it("shows the server's 409 in the form and keeps what was typed", async () => {
    await open();

    fireEvent.click(screen.getByRole('button', { name: texts.add }));
    fireEvent.change(dialog().getByLabelText(form.name), { target: { value: 'asha' } });
    fireEvent.click(dialog().getByRole('button', { name: form.save }));

    expect((await dialog().findByRole('alert')).textContent).toBe(ProfileMessages.nameTaken);
    expect((dialog().getByLabelText(form.name) as HTMLInputElement).value).toBe('asha');
  });

  it('names a missing name and a short PIN before sending anything', async () => {
    await open();

    fireEvent.click(screen.getByRole('button', { name: texts.add }));
    fireEvent.click(dialog().getByRole('checkbox', { name: form.lock }));
    fireEvent.change(dialog().getByLabelText(form.pin), { target: { value: '12' } });
    fireEvent.click(dialog().getByRole('button', { name: form.save }));

    dialog().getByText('Name is required');
    dialog().getByText(form.pinInvalid);
    expect(sentWith('POST')).toEqual([]);
  });

  it('offers no Add once the account has five profiles', async () => {
    serve(aHousehold([parent, child, aProfile(), aProfile(), aProfile()]));
    await open();
    expect(screen.queryByRole('button', { name: texts.add })).toBeNull();
    screen.getByText(texts.full);
  });

  it("edits a profile, and shows the server's 400 for a kids rating in the form", async () => {
    await open();

    fireEvent.click(screen.getByRole('button', { name: english('profiles:manage.edit', { name: 'Mini' }) }));
    fireEvent.change(dialog().getByLabelText(form.name), { target: { value: 'Mini Me' } });
    fireEvent.click(dialog().getByRole('button', { name: form.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentWith('PATCH')[0]).toMatchObject({
      path: `/api/profiles/${child.id}`,
      body: { name: 'Mini Me', avatar: 'kite', kind: 'kids', maturityCeiling: 'UA7' },
    });
    await screen.findByRole('button', { name: english('profiles:manage.edit', { name: 'Mini Me' }) });

    // The server has the last word: a rating it refuses for a kids profile is said in the form.
    household.route = ((route) => (request, url, body) => {
      if (request.method === 'PATCH')
        return {
          status: 400,
          body: { code: 'VALIDATION_FAILED', message: ProfileMessages.kidsCeiling, correlationId: 't' },
        };
      return route(request, url, body);
    })(household.route);
    fireEvent.click(
      screen.getByRole('button', { name: english('profiles:manage.edit', { name: 'Mini Me' }) }),
    );
    fireEvent.click(dialog().getByRole('button', { name: form.save }));
    expect((await dialog().findByRole('alert')).textContent).toBe(ProfileMessages.kidsCeiling);
  });

  it("edits a profile's subtitle style (issue 26), offered on edit only", async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: texts.add }));
    expect(dialog().queryByRole('group', { name: profileStrings.captions.legend })).toBeNull();
    fireEvent.click(dialog().getByRole('button', { name: form.cancel }));

    fireEvent.click(screen.getByRole('button', { name: english('profiles:manage.edit', { name: 'Mini' }) }));
    const style = within(dialog().getByRole('group', { name: profileStrings.captions.legend }));
    expect(style.getByLabelText<HTMLSelectElement>(profileStrings.captions.size).value).toBe('100');
    fireEvent.change(style.getByLabelText(profileStrings.captions.size), { target: { value: '150' } });
    fireEvent.change(style.getByLabelText(profileStrings.captions.color), { target: { value: 'yellow' } });
    fireEvent.change(style.getByLabelText(profileStrings.captions.background), { target: { value: '100' } });
    // Nothing is saved before Save.
    expect(sentWith('PATCH')).toEqual([]);
    fireEvent.click(dialog().getByRole('button', { name: form.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentWith('PATCH')[0]).toMatchObject({
      path: `/api/profiles/${child.id}`,
      body: { playback: { captions: { size: 150, color: 'yellow', background: 100 } } },
    });
  });

  it('deletes a profile only after a confirmation that says what is lost; the profile in use has no Delete', async () => {
    await open();

    expect(
      screen.queryByRole('button', { name: english('profiles:manage.delete', { name: 'Asha' }) }),
    ).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: english('profiles:manage.delete', { name: 'Mini' }) }),
    );
    const confirm = within(
      screen.getByRole('dialog', { name: english('profiles:remove.title', { name: 'Mini' }) }),
    );
    confirm.getByText(english('profiles:remove.lost', { name: 'Mini' }));
    expect(english('profiles:remove.lost', { name: 'Mini' })).toMatch(
      /watch history.*My List.*cannot be undone/,
    );
    expect(sentWith('DELETE')).toEqual([]);

    fireEvent.click(confirm.getByRole('button', { name: remove.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentWith('DELETE').map((call) => call.path)).toEqual([`/api/profiles/${child.id}`]);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: english('profiles:manage.edit', { name: 'Mini' }) }),
      ).toBeNull(),
    );
  });

  it('manages nothing for a kids session', async () => {
    signInAs('user');
    window.localStorage.setItem('token', profileToken(child.id));
    renderApp({ path: '/profiles/manage', apiBaseUrl: api.baseUrl });
    await waitForPage();
    expect((await screen.findByRole('alert')).textContent).toBe(texts.kidsRefused);
    expect(screen.queryByRole('button', { name: texts.add })).toBeNull();
  });

  it('shows the profiles and the form in Hindi (issue 26)', async () => {
    await open();
    await act(() => i18next.changeLanguage('hi'));

    const hi = profileStringsHi;
    await screen.findByRole('heading', { name: hi.manage.title });
    screen.getByText(hi.manage.lead);
    screen.getByRole('button', { name: 'Mini हटाएँ' });
    screen.getByText(`${hi.form.kidsKind} · U/A 7+`);
    fireEvent.click(screen.getByRole('button', { name: 'Asha बदलें' }));
    const form = within(screen.getByRole('dialog', { name: 'Asha बदलें' }));
    form.getByLabelText(hi.form.name);
    form.getByRole('radio', { name: hi.avatars.tiger });
    fireEvent.change(form.getByLabelText(hi.form.name), { target: { value: ' ' } });
    fireEvent.click(form.getByRole('button', { name: hi.form.save }));
    form.getByText(hi.form.nameRequired);
  });
});
