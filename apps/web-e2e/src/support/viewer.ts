import type { BrowserContext, Page } from 'playwright-core';
import type { LoginResponse, Movie } from '@app/contracts';
import { newUser, type SignedIn } from './api';

/** Signs a browser context in by putting the session where the app keeps it (SPEC 3 keys) before it loads. */
export const signInAs = async (context: BrowserContext, session: Pick<LoginResponse, 'user' | 'token'>) =>
  context.addInitScript(
    ({ user, token }) => {
      window.localStorage.setItem('user', user);
      window.localStorage.setItem('token', token);
    },
    { user: JSON.stringify(session.user), token: session.token },
  );

/** A new viewer (email verified), signed in in the browser context. */
export const asNewViewer = async (context: BrowserContext, label: string): Promise<SignedIn> => {
  const viewer = await newUser(label);
  await signInAs(context, viewer);
  return viewer;
};

/** Plays the title in the player, seeks to `share` of it, lets it play a moment, and leaves (the exit report). */
export const watchPart = async (page: Page, movie: Pick<Movie, 'id'>, share: number) => {
  await page.goto(`/video?movie=${movie.id}`);
  await page.waitForFunction(() => {
    const element = document.querySelector('hls-video, video') as HTMLMediaElement | null;
    return element !== null && !element.paused && element.currentTime > 0.5 && element.duration > 0;
  });
  const target = await page
    .locator('hls-video, video')
    .first()
    .evaluate((element, at) => {
      const media = element as HTMLMediaElement;
      media.currentTime = media.duration * at;
      return media.currentTime;
    }, share);
  await page.waitForFunction(
    (at) => {
      const element = document.querySelector('hls-video, video') as HTMLMediaElement | null;
      return element !== null && !element.seeking && element.currentTime > at + 0.5;
    },
    target,
    { timeout: 30_000 },
  );
  await page.goto('/userdashboard');
};
