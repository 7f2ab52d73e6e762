import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'streamly:scroll';

/** Where each visited entry of the tab's history was left, by location key; kept across a reload. */
const positions = new Map<string, number>(
  (() => {
    try {
      return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Array<[string, number]>;
    } catch {
      return [];
    }
  })(),
);

/**
 * A new page opens at its top (or at its `#anchor`); Back and Forward return to where the page was left. The
 * browser cannot do it itself: the page it would scroll is drawn only after the navigation.
 */
export const PageScroll = () => {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const store = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
    window.addEventListener('pagehide', store);
    return () => {
      window.history.scrollRestoration = previous;
      window.removeEventListener('pagehide', store);
    };
  }, []);

  // A layout effect: the page is placed before it is painted, and the listener follows the entry shown before the
  // browser reports the scroll that the new page's height may cause.
  useLayoutEffect(() => {
    const left = positions.get(key);
    if (navigationType === NavigationType.Pop && left !== undefined) window.scrollTo(0, left);
    else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key, hash, navigationType]);

  return null;
};
