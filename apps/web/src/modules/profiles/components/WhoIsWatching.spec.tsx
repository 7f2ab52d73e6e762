import { ProfileMessages } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs, someSections } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aPage } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { profileStrings } from '../strings';
import { aHousehold, aProfile, profileToken } from '../testing/profiles-test-kit';

const { chooser: texts, pin, menu } = profileStrings;

const parent = aProfile({ name: 'Asha', avatar: 'tiger' });
const child = aProfile({ name: 'Mini', avatar: 'kite', kind: 'kids', maturityCeiling: 'UA7' });
const locked = aProfile({ name: 'Ravi', avatar: 'comet', locked: true });

describe("Who's watching? (issue 25)", () => {
  let api: FakeApi;
  let household: ReturnType<typeof aHousehold>;

  const serve = (next: ReturnType<typeof aHousehold>) => {
    household = next;
    api.respond((request, url, body) => {
      if (url.pathname === '/api/movies/sections') return { status: 200, body: someSections() };
      if (url.pathname === '/api/movies' || url.pathname === '/api/series')
        return { status: 200, body: aPage([]) };
      return household.route(request, url, body);
    });
  };

  beforeEach(async () => {
    window.localStorage.clear();
    api = await startFakeApi(() => undefined);
    serve(aHousehold([parent, child, locked], { [locked.id]: '4321' }));
  });

  afterEach(async () => {
    await api.close();
  });

  const open = async (path = '/profiles') => {
    signInAs('user');
    const view = renderApp({ path, apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('heading', { name: texts.title });
    return view;
  };
  const tile = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
  const banner = () => within(screen.getAllByRole('banner')[0]);
  const selects = () => household.sent.filter((call) => call.path.endsWith('/select'));

  it('shows each profile with its avatar, Kids and Locked marks; Manage Profiles waits for a chosen profile', async () => {
    await open();

    const tiles = within(screen.getByRole('list', { name: texts.list })).getAllByRole('button');
    expect(tiles.map((button) => button.textContent)).toEqual([
      'Asha',
      `Mini${texts.kids}`,
      `Ravi${texts.locked}`,
    ]);
    expect(tiles.map((button) => button.querySelector('svg')?.getAttribute('data-avatar'))).toEqual([
      'tiger',
      'kite',
      'comet',
    ]);
    // The sign-in's session names no profile (three here): the server lets it manage none.
    expect(screen.queryByRole('link', { name: texts.manage })).toBeNull();
  });

  it('Manage Profiles is there for a session acting as an adult profile', async () => {
    signInAs('user');
    window.localStorage.setItem('token', profileToken(parent.id));
    renderApp({ path: '/profiles', apiBaseUrl: api.baseUrl });
    await waitForPage();
    expect((await screen.findByRole('link', { name: texts.manage })).getAttribute('href')).toBe(
      '/profiles/manage',
    );
  });

  it("a page asked for with a session that names no profile goes to Who's watching? first, then on to it", async () => {
    signInAs('user');
    const { router } = renderApp({ path: '/my-list', apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: texts.title });
    expect(router.location.pathname).toBe('/profiles');
    fireEvent.click(tile('Asha'));
    await waitFor(() => expect(router.location.pathname).toBe('/my-list'));
  });

  it("choosing the kids profile stores its session as the app's token, goes home, and the header shows it", async () => {
    const { router } = await open();

    fireEvent.click(tile('Mini'));

    await waitFor(() => expect(router.location.pathname).toBe('/userdashboard'));
    expect(window.localStorage.getItem('token')).toBe(profileToken(child.id));
    expect(household.sent).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/api/profiles/${child.id}/select`, body: {} }),
    );
    const avatar = await banner().findByRole('button', {
      name: english('profiles:menu.button', { name: 'Mini' }),
    });
    expect(avatar.querySelector('svg')?.getAttribute('data-avatar')).toBe('kite');
    // The kids home at once: the new session's profile was known without asking again (no full home first).
    await screen.findByRole('heading', { name: english('browse:kidsHome.title', { name: 'Mini' }) });
    expect(
      household.sent.filter((call) => call.method === 'GET' && call.token === profileToken(child.id)),
    ).toEqual([]);
  });

  it("goes on to where sign-in was going (the guard's location)", async () => {
    signInAs('user');
    const { router } = renderApp({ path: '/userlogin', apiBaseUrl: api.baseUrl });
    await act(() =>
      router.navigate('/profiles', {
        state: { from: { pathname: '/my-list', search: '', hash: '' } },
      }),
    );
    await waitForPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Asha/ }));
    await waitFor(() => expect(router.location.pathname).toBe('/my-list'));
  });

  it("a locked profile asks for its PIN: a wrong one shows the server's message with the tries left, the right one opens it", async () => {
    const { router } = await open();

    fireEvent.click(tile('Ravi'));
    const dialog = within(
      await screen.findByRole('dialog', { name: english('profiles:pin.title', { name: 'Ravi' }) }),
    );
    // Choosing it sent nothing: the PIN comes first.
    expect(selects()).toEqual([]);

    fireEvent.change(dialog.getByLabelText(pin.label), { target: { value: '1111' } });
    fireEvent.click(dialog.getByRole('button', { name: pin.submit }));
    expect((await dialog.findByRole('alert')).textContent).toBe(ProfileMessages.wrongPin(4));
    expect(router.location.pathname).toBe('/profiles');
    expect(window.localStorage.getItem('token')).toBe('user-token');

    fireEvent.change(dialog.getByLabelText(pin.label), { target: { value: '4321' } });
    fireEvent.click(dialog.getByRole('button', { name: pin.submit }));
    await waitFor(() => expect(router.location.pathname).toBe('/userdashboard'));
    expect(window.localStorage.getItem('token')).toBe(profileToken(locked.id));
    expect(selects().map((call) => call.body)).toEqual([{ pin: '1111' }, { pin: '4321' }]);
  });

  it('asks for 4 digits before sending a PIN', async () => {
    await open();
    fireEvent.click(tile('Ravi'));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(pin.label), { target: { value: '12a' } });
    fireEvent.click(dialog.getByRole('button', { name: pin.submit }));
    dialog.getByText(pin.invalid);
    expect(household.sent.filter((call) => call.path.endsWith('/select'))).toEqual([]);
  });

  it('is skipped for an account with one profile that is not locked', async () => {
    serve(aHousehold([parent]));
    signInAs('user');
    const { router } = renderApp({ path: '/profiles', apiBaseUrl: api.baseUrl });
    await waitFor(() => expect(router.location.pathname).toBe('/userdashboard'), { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: texts.title })).toBeNull();
  });

  it('is not skipped when the one profile is locked', async () => {
    serve(aHousehold([{ ...locked }], { [locked.id]: '4321' }));
    await open();
    tile('Ravi');
  });
});

describe('the header’s profile menu (issue 25)', () => {
  let api: FakeApi;
  let household: ReturnType<typeof aHousehold>;

  beforeEach(async () => {
    window.localStorage.clear();
    household = aHousehold([parent, child, locked], { [locked.id]: '4321' });
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/movies/sections') return { status: 200, body: someSections() };
      if (url.pathname === '/api/movies' || url.pathname === '/api/series')
        return { status: 200, body: aPage([]) };
      return household.route(request, url, body);
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const openMenu = async () => {
    signInAs('user');
    // A session acting as Asha's profile (the sign-in's names none in a household of three).
    window.localStorage.setItem('token', profileToken(parent.id));
    const view = renderApp({ path: '/movies', apiBaseUrl: api.baseUrl });
    await waitForPage();
    const header = within(screen.getAllByRole('banner')[0]);
    fireEvent.click(
      await header.findByRole('button', { name: english('profiles:menu.button', { name: 'Asha' }) }),
    );
    return { ...view, header };
  };

  it("lists the other profiles and the account's links; picking one selects it and goes home", async () => {
    const { router, header } = await openMenu();

    header.getByRole('link', { name: menu.manage });
    expect(header.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/userprofile');
    fireEvent.click(header.getByRole('button', { name: 'Mini' }));

    await waitFor(() => expect(window.localStorage.getItem('token')).toBe(profileToken(child.id)));
    await waitFor(() => expect(router.location.pathname).toBe('/userdashboard'));
    await header.findByRole('button', { name: english('profiles:menu.button', { name: 'Mini' }) });
  });

  it('sends a locked profile to its PIN on "Who\'s watching?"', async () => {
    const { router, header } = await openMenu();

    fireEvent.click(header.getByRole('button', { name: 'Ravi' }));

    await waitFor(() => expect(router.location.pathname).toBe('/profiles'));
    expect(router.location.search).toBe(`?profile=${locked.id}`);
    await screen.findByRole(
      'dialog',
      { name: english('profiles:pin.title', { name: 'Ravi' }) },
      { timeout: 10_000 },
    );
    expect(household.sent.filter((call) => call.path.endsWith('/select'))).toEqual([]);
  });
});
