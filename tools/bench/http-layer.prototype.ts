import 'reflect-metadata';
import { createServer } from 'node:http';
import path from 'node:path';
import { Controller, Get, Header, Module, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import express from 'express';
import { MovieRoutes, MovieRpc } from '@app/contracts';
import type { ListMoviesQuery } from '@app/contracts';
import { ServiceClient, validate } from '@app/server-core';

/**
 * Issue 29 §3, "measure the HTTP layer before switching": GET /api/movies alone, the same work the gateway does for
 * it (query parsed by the route's schema, the catalogue's reply over NATS parsed by its contract, JSON out, no-store)
 * on three stacks, to be run by bench:gateway-ab against the full gateway:
 *   raw      node:http and nothing else: the floor any HTTP framework (Fastify included) sits above;
 *   express  Express 5 (the gateway's HTTP layer), etag and x-powered-by off as the gateway has them;
 *   nest     Nest on its Express adapter, one controller, no guards, interceptors or middleware;
 *   fastify  the same controller on Nest's Fastify adapter (`@nestjs/platform-fastify`, a dev dependency for this
 *            measurement only: the "measure it against Express on our routes before switching").
 * The stack is the name of the folder the bundle is built into (`dist/ab/proto-<stack>/main.js`), so one source
 * gives three builds:
 *   node tools/build/node-app.mjs proto tools/bench/http-layer.prototype.ts dist/ab/proto-raw/main.js
 * Settings as the gateway's: PORT, HOST, NATS_URL.
 */
const stack = path.basename(path.dirname(__filename)).replace(/^proto-/, '');
const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
const client = ServiceClient.connect(
  'catalogue-service',
  { url: process.env.NATS_URL ?? '' },
  { timeoutMs: 3_000 },
);
const listQuery = MovieRoutes.list.query;
if (!listQuery) throw new Error('GET /api/movies documents its query');
const list = (query: unknown) =>
  client.send(MovieRpc.list, validate(listQuery, query, 'query') as ListMoviesQuery);

@Controller()
class MoviesController {
  @Get('/api/movies')
  @Header('Cache-Control', 'no-store')
  list(@Query() query: unknown) {
    return list(query);
  }
}

@Module({ controllers: [MoviesController] })
class PrototypeModule {}

const main = async () => {
  if (stack === 'raw') {
    createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://gateway');
      if (url.pathname !== '/api/movies') {
        res.writeHead(404).end();
        return;
      }
      list(Object.fromEntries(url.searchParams)).then(
        (reply) => {
          const body = JSON.stringify(reply);
          res.writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(body),
            'cache-control': 'no-store',
          });
          res.end(body);
        },
        () => res.writeHead(500).end(),
      );
    }).listen(port, host);
  } else if (stack === 'express') {
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.get('/api/movies', (req, res, next) => {
      res.setHeader('cache-control', 'no-store');
      list(req.query).then((reply) => res.json(reply), next);
    });
    app.listen(port, host);
  } else if (stack === 'nest') {
    const app = await NestFactory.create(PrototypeModule, { logger: ['error'] });
    (app.getHttpAdapter().getInstance() as express.Express).set('etag', false);
    await app.listen(port, host);
  } else if (stack === 'fastify') {
    // Fastify sends no ETag and no X-Powered-By of its own.
    const app = await NestFactory.create<NestFastifyApplication>(PrototypeModule, new FastifyAdapter(), {
      logger: ['error'],
    });
    await app.listen(port, host);
  } else throw new Error(`unknown stack ${stack}`);
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
