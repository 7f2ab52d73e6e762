import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageFallback } from './PageFallback';
import { PageScroll } from './PageScroll';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** Pages load lazily; navigations run in a transition, so the fallback shows only while a first page's chunk loads. */
export const RootLayout = () => (
  <>
    <PageScroll />
    <RouteErrorBoundary>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  </>
);
