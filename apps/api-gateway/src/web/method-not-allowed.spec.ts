import Fastify from 'fastify';
import { ROUTER_OPTIONS, RouteTable } from './method-not-allowed';

/** The routes as Fastify reports them (`onRoute`: HEAD beside each GET), shaped as Nest registers the gateway's. */
const routesOf = async (register: (app: ReturnType<typeof Fastify>) => void): Promise<RouteTable> => {
  const app = Fastify({ routerOptions: ROUTER_OPTIONS });
  const routes = new RouteTable(app.supportedMethods);
  app.addHook('onRoute', (route) => routes.add(route.method, route.url));
  register(app);
  await app.ready();
  await app.close();
  return routes;
};

const noop = () => '';

describe('the methods a path is served with', () => {
  let routes: RouteTable;
  beforeAll(async () => {
    routes = await routesOf((app) => {
      app.get('/api/movies', noop);
      app.post('/api/movies', noop);
      app.get('/api/movies/:id', noop);
      app.put('/api/movies/:id', noop);
      app.delete('/api/movies/:id', noop);
      app.post('/create-order', noop);
    });
  });

  it('are every route matching it, GET bringing HEAD, in a stable order', () => {
    expect(routes.allowedMethods('/api/movies')).toEqual(['GET', 'HEAD', 'POST']);
    expect(routes.allowedMethods('/api/movies/abc')).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
    expect(routes.allowedMethods('/create-order')).toEqual(['POST']);
  });

  it('match paths as the router does: a trailing slash, any letter case', () => {
    expect(routes.allowedMethods('/api/movies/')).toEqual(['GET', 'HEAD', 'POST']);
    expect(routes.allowedMethods('/API/Movies')).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('are none for a path no route serves, or one that cannot be decoded', () => {
    expect(routes.allowedMethods('/api/nothing')).toEqual([]);
    expect(routes.allowedMethods('/api/movies/abc/reviews')).toEqual([]);
    expect(routes.allowedMethods('/userdashboard')).toEqual([]);
    expect(routes.allowedMethods('/api/movies/%E0%A4%A')).toEqual([]);
  });

  it('are all (null) when a route takes every method', async () => {
    const any = await routesOf((app) => app.all('/anything', noop));
    expect(any.allowedMethods('/anything')).toBeNull();
  });
});
