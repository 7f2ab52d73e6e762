import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteErrorPage } from '@web/pages/RouteErrorPage';

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { failed: boolean; pathname: string };

// React catches render errors only in a class component; there is no hook for it.
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // Another path (Back home) gets its chance to render.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * Any error thrown while rendering a page, a page's chunk that cannot be fetched included, shows the error page
 * (DECISIONS 25) until the viewer goes to another path.
 */
export const RouteErrorBoundary = ({ children }: { children: ReactNode }) => (
  <Boundary pathname={useLocation().pathname}>{children}</Boundary>
);
