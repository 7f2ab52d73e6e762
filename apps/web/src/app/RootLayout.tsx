import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageFallback } from './PageFallback';

/** Pages load lazily; navigations run in a transition, so the fallback shows only while a first page's chunk loads. */
export const RootLayout = () => (
  <>
    <ScrollRestoration />
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  </>
);
