import { aUser } from './testing/auth-test-kit';
import { readStoredSession, storeSession, TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './auth-storage';

describe('auth storage (SPEC 4)', () => {
  afterEach(() => window.localStorage.clear());

  it('uses exactly the keys user and token', () => {
    const user = aUser();
    storeSession({ user, token: 'tok-1' });

    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(window.localStorage.getItem('token')).toBe('tok-1');
    expect(readStoredSession()).toEqual({ user, token: 'tok-1' });
  });

  it('is signed out with nothing stored', () => {
    expect(readStoredSession()).toBeNull();
  });

  it.each([
    ['a user without a token', () => window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(aUser()))],
    ['a token without a user', () => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-2')],
  ])('treats %s as signed out and clears it', (_case, store) => {
    store();

    expect(readStoredSession()).toBeNull();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{"role": "user"'],
    ['JSON of the wrong shape', JSON.stringify({ role: 'superuser', name: 'x' })],
    ['a JSON string', JSON.stringify('admin')],
  ])('clears a stored user that is %s, silently', (_case, raw) => {
    window.localStorage.setItem(USER_STORAGE_KEY, raw);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-3');

    expect(readStoredSession()).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('leaves other keys alone (the theme survives a cleared session)', () => {
    window.localStorage.setItem('theme', 'light');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-4');

    readStoredSession();

    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it.each([true, false])('keeps whether the email is verified (%p) across a reload', (emailVerified) => {
    const user = aUser({ emailVerified });
    storeSession({ user, token: 'tok-5' });

    expect(readStoredSession()?.user.emailVerified).toBe(emailVerified);
  });

  it('clears a stored user whose emailVerified is not a boolean', () => {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...aUser(), emailVerified: 'yes' }));
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-6');

    expect(readStoredSession()).toBeNull();
  });

  it.each(['en', 'hi'] as const)(
    "keeps the account's language (%p) across a reload (issue 26)",
    (language) => {
      storeSession({ user: aUser({ language }), token: 'tok-7' });

      expect(readStoredSession()?.user.language).toBe(language);
    },
  );

  it('clears a stored user whose language is not one of the interface languages', () => {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...aUser(), language: 'ta' }));
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-8');

    expect(readStoredSession()).toBeNull();
  });
});
