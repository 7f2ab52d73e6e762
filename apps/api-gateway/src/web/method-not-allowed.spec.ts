import express from 'express';
import type { RouteTable } from './method-not-allowed';
import { allowedMethods } from './method-not-allowed';

/** Express 5's own router, with routes shaped as Nest registers the gateway's. */
const routesOf = (register: (app: express.Express) => void): RouteTable => {
  const app = express();
  register(app);
  return app.router as unknown as RouteTable;
};

const noop: express.RequestHandler = (_req, res) => {
  res.end();
};

describe('the methods a path is served with', () => {
  const routes = routesOf((app) => {
    app.use((_req, _res, next) => next());
    app.get('/api/movies', noop);
    app.post('/api/movies', noop);
    app.get('/api/movies/:id', noop);
    app.put('/api/movies/:id', noop);
    app.delete('/api/movies/:id', noop);
    app.post('/create-order', noop);
  });

  it('are every route matching it, GET bringing HEAD, in a stable order', () => {
    expect(allowedMethods(routes, '/api/movies')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowedMethods(routes, '/api/movies/abc')).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
    expect(allowedMethods(routes, '/create-order')).toEqual(['POST']);
  });

  it('match paths as Express does: a trailing slash, any letter case', () => {
    expect(allowedMethods(routes, '/api/movies/')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowedMethods(routes, '/API/Movies')).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('are none for a path no route serves (middleware is no route), or one that cannot be decoded', () => {
    expect(allowedMethods(routes, '/api/nothing')).toEqual([]);
    expect(allowedMethods(routes, '/api/movies/abc/reviews')).toEqual([]);
    expect(allowedMethods(routes, '/userdashboard')).toEqual([]);
    expect(allowedMethods(routes, '/api/movies/%E0%A4%A')).toEqual([]);
  });

  it('are all (null) when a route takes every method', () => {
    expect(
      allowedMethods(
        routesOf((app) => app.route('/anything').all(noop)),
        '/anything',
      ),
    ).toBeNull();
  });
});
