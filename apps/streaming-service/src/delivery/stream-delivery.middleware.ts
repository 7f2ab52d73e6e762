import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger, NestMiddleware } from '@nestjs/common';
import type { Quality } from '@app/contracts';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import type { PlayableAsset } from '../media/media-layout';
import { audioDir, subtitleDir, withTracks } from '../ffmpeg/media-tracks';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';
import { allowedRenditions, withinCap } from '../playback/rendition-cap';
import type { StreamClaims } from '../playback/stream-token';
import { StreamTokenSigner } from '../playback/stream-token.signer';
import type { Entity } from './entity-response';
import { sendEmpty, sendEntity } from './entity-response';
import { filterMasterPlaylist } from './master-playlist';
import { LiveLeaseCache } from './live-lease.cache';
import { ObjectHeadCache } from './object-head.cache';
import { PlayableAssetCache } from './playable-asset.cache';
import type { HlsFile, StreamRoute } from './stream-route';
import { parseStreamRoute } from './stream-route';

type Next = (error?: unknown) => void;
type Served = { key: string; contentType: string; cacheable: 'immutable' | 'playlist' };

const ContentTypes = {
  playlist: 'application/vnd.apple.mpegurl',
  mp4: 'video/mp4',
  segment: 'video/iso.segment',
  vtt: 'text/vtt; charset=utf-8',
  jpeg: 'image/jpeg',
} as const;

const YEAR_SECONDS = 365 * 24 * 3600;
/** VOD playlists never change, but a short life keeps a cap change or a re-upload from lingering at the CDN. */
const PLAYLIST_MAX_AGE_SECONDS = 60;
/** Larger reads than the 64 KiB default: fewer syscalls and event-loop turns per MiB sent. */
const READ_CHUNK_BYTES = 512 * 1024;

/**
 * The cached answer never outlives the token in its URL. `private`: a link is good only while its lease lives
 * (DECISIONS 35), which a shared cache (a CDN) could not know, so only the viewer's own browser keeps the bytes.
 */
const cacheControl = (claims: StreamClaims, cacheable: Served['cacheable'], nowSeconds: number) => {
  const left = Math.max(0, claims.expiresAt - nowSeconds);
  return cacheable === 'immutable'
    ? `private, max-age=${Math.min(left, YEAR_SECONDS)}, immutable`
    : `private, max-age=${Math.min(left, PLAYLIST_MAX_AGE_SECONDS)}`;
};

/** Which stored file an HLS request names; the names come from media-layout.ts only. */
const servedFile = (asset: PlayableAsset, file: HlsFile): Served | null => {
  switch (file.kind) {
    case 'master':
      return {
        key: MediaLayout.master(asset.dir),
        contentType: ContentTypes.playlist,
        cacheable: 'playlist',
      };
    case 'variant':
      return {
        key: MediaLayout.variant(asset.dir, file.rendition),
        contentType: ContentTypes.playlist,
        cacheable: 'playlist',
      };
    case 'init':
      return {
        key: `${MediaLayout.renditionDir(asset.dir, file.rendition)}/init.mp4`,
        contentType: ContentTypes.mp4,
        cacheable: 'immutable',
      };
    case 'segment':
      return {
        key: `${MediaLayout.renditionDir(asset.dir, file.rendition)}/${file.name}`,
        contentType: ContentTypes.segment,
        cacheable: 'immutable',
      };
    case 'audio':
      return {
        key: asset.addedAudio.includes(file.language)
          ? `${MediaLayout.addedAudio(asset.movieId, file.language)}/${file.name}`
          : `${MediaLayout.hlsDir(asset.dir)}/${audioDir(file.language)}/${file.name}`,
        ...(file.name === 'index.m3u8'
          ? { contentType: ContentTypes.playlist, cacheable: 'playlist' as const }
          : {
              contentType: file.name === 'init.mp4' ? ContentTypes.mp4 : ContentTypes.segment,
              cacheable: 'immutable' as const,
            }),
      };
    case 'subtitles':
      return {
        key: asset.addedSubtitles.includes(file.language)
          ? `${MediaLayout.addedSubtitles(asset.movieId, file.language)}/${file.name}`
          : `${MediaLayout.hlsDir(asset.dir)}/${subtitleDir(file.language)}/${file.name}`,
        ...(file.name === 'index.m3u8'
          ? { contentType: ContentTypes.playlist, cacheable: 'playlist' as const }
          : { contentType: ContentTypes.vtt, cacheable: 'immutable' as const }),
      };
    case 'trickplay-index':
      return asset.hasTrickplay
        ? { key: MediaLayout.trickplayVtt(asset.dir), contentType: ContentTypes.vtt, cacheable: 'playlist' }
        : null;
    case 'trickplay-sheet':
      return asset.hasTrickplay
        ? {
            key: `${MediaLayout.trickplayDir(asset.dir)}/${file.name}`,
            contentType: ContentTypes.jpeg,
            cacheable: 'immutable',
          }
        : null;
  }
};

const renditionOf = (file: HlsFile) =>
  file.kind === 'variant' || file.kind === 'init' || file.kind === 'segment' ? file.rendition : null;

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * The byte server (ARCHITECTURE: video bytes never pass through RPC): GET and HEAD of `/stream/t/{token}/…`
 * (HLS, trickplay) and `/stream/{movieId}?token=…` (the MP4), answered from the media store after checking the
 * token and that its lease is live. It runs as middleware ahead of Nest's router and answers on the raw node response, so no guard, pipe,
 * interceptor or serialiser touches the hot path; every other request (uploads, health) goes on with next().
 */
@Injectable()
export class StreamDeliveryMiddleware implements NestMiddleware<IncomingMessage, ServerResponse> {
  private readonly logger = new Logger('StreamDelivery');

  /** Where a byte server in front takes over a checked local file (`STREAM_ACCEL_REDIRECT`), or null. */
  private readonly accelPrefix: string | null;

  constructor(
    @InjectEnv() env: Env,
    private readonly tokens: StreamTokenSigner,
    private readonly leases: LiveLeaseCache,
    private readonly assets: PlayableAssetCache,
    private readonly heads: ObjectHeadCache,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {
    this.accelPrefix = env.STREAM_ACCEL_REDIRECT ?? null;
  }

  use(req: IncomingMessage, res: ServerResponse, next: Next): void {
    // Express strips a mount path from `url`; `originalUrl` keeps it.
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
    const route = req.method === 'GET' || req.method === 'HEAD' ? parseStreamRoute(url) : null;
    if (!route) {
      next();
      return;
    }
    this.serve(req, res, route).catch((error: unknown) => {
      this.logger.error({
        msg: 'delivery failed',
        url: url.replace(/\/t\/[^/]+/, '/t/…'),
        error: String(error),
      });
      if (!res.headersSent) sendEmpty(res, 500);
      else res.destroy();
    });
  }

  private async serve(req: IncomingMessage, res: ServerResponse, route: StreamRoute): Promise<void> {
    if (route.kind === 'unknown') return sendEmpty(res, 404);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const check = route.token === null ? null : this.tokens.verify(route.token, nowSeconds);
    // Tampered, expired, another title's: 403 and no bytes, before any storage is touched.
    if (!check?.ok || check.claims.movieId !== route.movieId) return sendEmpty(res, 403);
    const { claims } = check;
    const rendition = route.kind === 'hls' ? renditionOf(route.file) : null;
    if (rendition && !withinCap(rendition, claims.quality)) return sendEmpty(res, 403);
    // A link lives only with its lease (DECISIONS 35): stopped, exited, signed out, refunded… 403 within the cache's bound.
    if (!(await this.leases.isLive(claims.userId, claims.leaseId))) return sendEmpty(res, 403);

    const asset = await this.assets.get(route.movieId);
    if (!asset) return sendEmpty(res, 404);
    if (route.kind === 'mp4') {
      if (!asset.hasMp4) return sendEmpty(res, 404);
      const served = { key: MediaLayout.mp4(asset.dir), contentType: ContentTypes.mp4 } as const;
      return this.sendFile(
        req,
        res,
        served.key,
        served.contentType,
        cacheControl(claims, 'immutable', nowSeconds),
      );
    }
    if (rendition && !asset.renditions.includes(rendition)) return sendEmpty(res, 404);
    const served = servedFile(asset, route.file);
    if (!served) return sendEmpty(res, 404);
    const caching = cacheControl(claims, served.cacheable, nowSeconds);
    if (route.file.kind === 'master')
      return this.sendMaster(req, res, asset, served.key, claims.quality, caching);
    return this.sendFile(req, res, served.key, served.contentType, caching);
  }

  /**
   * A stored file: handed to the byte server in front when there is one (the fastest path: sendfile), else
   * straight from disk when the store is local, else through the store.
   */
  private async sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    contentType: string,
    caching: string,
  ): Promise<void> {
    // localPath refuses a key outside the media root; the names come from media-layout.ts only.
    if (this.accelPrefix !== null && this.store.localPath(key) !== null) {
      // nginx answers ranges, validators and HEAD itself, keeping this Content-Type and Cache-Control.
      res
        .writeHead(200, {
          'X-Accel-Redirect': `${this.accelPrefix}${key}`,
          'Content-Type': contentType,
          'Cache-Control': caching,
        })
        .end();
      return;
    }
    const entity = await this.fileEntity(key);
    if (!entity) return sendEmpty(res, 404);
    sendEntity(req, res, entity, { contentType, cacheControl: caching }, (error) =>
      this.logger.warn({ msg: 'stream interrupted', key, error: error.message }),
    );
  }

  private async fileEntity(key: string): Promise<Entity | null> {
    const path = this.store.localPath(key);
    if (path !== null) {
      const stats = await stat(path).catch(() => null);
      if (!stats?.isFile()) return null;
      return {
        size: stats.size,
        etag: `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`,
        lastModified: stats.mtime,
        body: (start, end) => createReadStream(path, { start, end, highWaterMark: READ_CHUNK_BYTES }),
      };
    }
    const head = await this.heads.get(key);
    if (!head) return null;
    // Object storage's ETag names the bytes; stored keys are never rewritten (a new upload is a new version
    // folder), so key and size identify them where a store keeps no ETag.
    return {
      size: head.size,
      etag: head.etag ?? `"${head.size.toString(36)}-${Buffer.from(key).toString('base64url').slice(-16)}"`,
      lastModified: head.modifiedAt,
      body: (start, end) => this.store.read(key, { start, end }),
    };
  }

  /** The master playlist listing only the renditions the token's cap allows (DECISIONS 26). */
  private async sendMaster(
    req: IncomingMessage,
    res: ServerResponse,
    asset: PlayableAsset,
    key: string,
    cap: Quality,
    caching: string,
  ): Promise<void> {
    const path = this.store.localPath(key);
    const [text, stats] = await Promise.all([
      (path === null ? readAll(this.store.read(key)) : readFile(path)).catch(() => null),
      path === null ? null : stat(path).catch(() => null),
    ]);
    if (!text) return sendEmpty(res, 404);
    const allowed = allowedRenditions(cap, asset.renditions);
    const filtered = filterMasterPlaylist(text.toString('utf8'), new Set(allowed));
    // Tracks an admin added live apart from the version's files: the playlist names them here.
    const body = Buffer.from(
      asset.addedSubtitles.length || asset.addedAudio.length
        ? withTracks(filtered, {
            audio: asset.addedAudio.length ? asset.audioTracks : undefined,
            subtitles: asset.addedSubtitles.length ? asset.subtitleTracks : undefined,
          })
        : filtered,
    );
    const entity: Entity = {
      size: body.length,
      etag: `"${allowed.join('.')}-${body.length.toString(36)}-${Math.floor(stats?.mtimeMs ?? 0).toString(36)}"`,
      lastModified: stats?.mtime ?? null,
      body: (start, end) => body.subarray(start, end + 1),
    };
    sendEntity(
      req,
      res,
      entity,
      { contentType: ContentTypes.playlist, cacheControl: caching },
      () => undefined,
    );
  }
}
