import { MAX_PAGE_SIZE } from '@app/contracts';
import type { User, UserList } from '@app/contracts';
import { adminSignIn, type Answer, call, isApiError, newUser, type SignedIn } from './api';

/** Shared by the accounts API suites (apps/web-e2e/src/api/accounts-*.e2e-spec.ts). */

export type Actors = { user: SignedIn; another: SignedIn; adminToken: string; adminId: string };

/** Fails with the whole answer in the message, so a wrong status says why. */
export const expectStatus = (answer: Answer, status: number) => {
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
};

/** An error answer: the status, `{ code, message, correlationId }`, and the message when given. */
export const expectError = (answer: Answer, status: number, message?: string) => {
  expectStatus(answer, status);
  expect(isApiError(answer.body)).toBe(true);
  if (message !== undefined) expect(answer.body).toMatchObject({ message });
};

/** Every user, page by page (the list is paged like the movie list). */
export const listUsers = async (adminToken: string): Promise<User[]> => {
  const users: User[] = [];
  for (let page = 1; ; page++) {
    const answer = await call<UserList>('GET', `/api/users?page=${page}&pageSize=${MAX_PAGE_SIZE}`, {
      token: adminToken,
    });
    expectStatus(answer, 200);
    users.push(...answer.body.data);
    if (page * answer.body.pageSize >= answer.body.total) return users;
  }
};

export const idOf = async (adminToken: string, email: string) => {
  const found = (await listUsers(adminToken)).find((user) => user.email === email.toLowerCase());
  if (!found) throw new Error(`${email} is not in the users list`);
  return found.id;
};

export const me = (token: string) => call<User>('GET', '/api/user', { token });

export const setUpActors = async (): Promise<Actors> => {
  const adminToken = await adminSignIn();
  const [user, another, adminMe] = await Promise.all([newUser('user'), newUser('another'), me(adminToken)]);
  return { user, another, adminToken, adminId: adminMe.body.id };
};
