import type { HttpMethod } from '@app/contracts';

/** What the gateway serves that the OpenAPI document leaves out, each with why. */
export const UNDOCUMENTED_ROUTES: ReadonlyArray<{
  method: HttpMethod;
  path: string;
  nest: boolean;
  reason: string;
}> = [
  {
    method: 'get',
    path: '/metrics',
    nest: true,
    reason: 'Prometheus scrape endpoint inside the cluster; the ingress does not route it',
  },
  {
    method: 'get',
    path: '/stream/{path}',
    nest: false,
    reason: 'Byte-range proxy to the streaming service (video), not JSON',
  },
  {
    method: 'get',
    path: '/api/docs',
    nest: false,
    reason: 'This document (Swagger UI, /api/docs-json, /api/docs-yaml)',
  },
  {
    method: 'get',
    path: '/{path}',
    nest: false,
    reason: 'The web app (index.html fallback for client-side routes) when WEB_DIST_DIR is set',
  },
];
