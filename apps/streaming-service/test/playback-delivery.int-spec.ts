import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { OpenedPlayback, OpenPlaybackRpc, WatchProgressedSchema } from '@app/contracts';
import {
  Classification,
  ErrorCode,
  EVENT_STREAM,
  ProfileKind,
  StreamingMessages,
  StreamingRpc,
} from '@app/contracts';
import { RequestContext } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { failure, waitUntil } from '@app/server-testing';
import type { z } from 'zod';
import { MediaLayout } from '../src/media/media-layout';
import { StreamTokenSigner } from '../src/playback/stream-token.signer';
import { objectId, openRequest } from './asset-fixture';
import { startDeliverySuite, type DeliverySuite } from './delivery-context';
import { SEGMENTS } from './media-fixture';

describe('streaming-service playback and delivery', () => {
  let suite: DeliverySuite;
  let service: ServiceUnderTest;
  let mediaDir: string;
  let redis: Redis;
  let mp4: Buffer;
  const movieId = objectId();
  const otherMovieId = objectId();
  const dir = MediaLayout.sampleDir(9);

  beforeAll(async () => {
    suite = await startDeliverySuite('streaming-delivery', dir, [
      { movieId, durationSeconds: 8 },
      { movieId: otherMovieId, durationSeconds: 8 },
    ]);
    ({ service, mediaDir, redis, mp4 } = suite);
  });

  afterAll(() => suite?.close());

  const viewer = (overrides: Partial<OpenPlaybackRpc> = {}) => openRequest(movieId, overrides);
  const open = (request: OpenPlaybackRpc) => service.call(StreamingRpc.open, request);
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${service.httpUrl}${url}`, { method, headers });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
  const base = (p: OpenedPlayback) => p.hlsUrl.replace(/\/master\.m3u8$/, '');
  /** The `watch.progressed` payloads a lease's heartbeats published, newest first. */
  const progressReports = async (leaseId: string) => {
    const entries = await redis.xrevrange(EVENT_STREAM, '+', '-', 'COUNT', 200);
    return entries
      .map(
        ([, fields]) =>
          JSON.parse(fields[fields.length - 1]) as {
            type: string;
            payload: z.infer<typeof WatchProgressedSchema>;
          },
      )
      .filter((e) => e.type === 'watch.progressed' && e.payload.leaseId === leaseId)
      .map((e) => e.payload);
  };

  describe('HLS under the quality cap', () => {
    let playback: OpenedPlayback;
    beforeAll(async () => {
      playback = await open(viewer({ quality: '720p' }));
    });

    it('opens with signed URLs and the renditions the cap allows', () => {
      expect(playback).toMatchObject({
        movieId,
        quality: '720p',
        renditions: ['720p', '480p'],
        durationSeconds: 8,
        hlsUrl: `/stream/t/${playback.token}/${movieId}/master.m3u8`,
        mp4Url: `/stream/${movieId}?token=${playback.token}`,
        trickplayUrl: `/stream/t/${playback.token}/${movieId}/trickplay/thumbs.vtt`,
      });
    });

    it('lists only the allowed renditions in the master playlist', async () => {
      const res = await get(playback.hlsUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      expect(res.headers.get('cache-control')).toBe('private, max-age=60');
      const text = await res.text();
      expect(text.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([
        '720p/index.m3u8',
        '480p/index.m3u8',
      ]);
      expect(text).not.toContain('1080');
      expect((await get(playback.hlsUrl, {}, 'HEAD')).headers.get('content-length')).toBe(
        String(Buffer.byteLength(text)),
      );
    });

    it('serves variant playlists, init and media segments of allowed renditions', async () => {
      const variant = await get(`${base(playback)}/720p/index.m3u8`);
      expect(variant.status).toBe(200);
      expect(await variant.text()).toContain('#EXT-X-MAP:URI="init.mp4"');
      const init = await get(`${base(playback)}/480p/init.mp4`);
      expect(init.headers.get('content-type')).toBe('video/mp4');
      const segment = await get(`${base(playback)}/720p/seg_00002.m4s`);
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/iso.segment');
      expect(segment.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
      expect(await bytes(segment)).toEqual(
        await readFile(path.join(mediaDir, MediaLayout.renditionDir(dir, '720p'), 'seg_00002.m4s')),
      );
    });

    it('lists the audio and subtitle renditions in the master playlist and serves them under the token (issue 26)', async () => {
      const text = await (await get(playback.hlsUrl)).text();
      expect(text).toContain(
        'TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="hi",NAME="हिन्दी",DEFAULT=YES,AUTOSELECT=YES',
      );
      expect(text).toContain(
        'TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES',
      );
      expect(text).toContain('TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en"');
      const playlist = await get(`${base(playback)}/audio/en/index.m3u8`);
      expect(playlist.status).toBe(200);
      expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      const init = await get(`${base(playback)}/audio/hi/init.mp4`);
      expect(init.headers.get('content-type')).toBe('video/mp4');
      const segment = await get(`${base(playback)}/audio/hi/seg_00001.m4s`);
      expect(segment.status).toBe(200);
      expect(await bytes(segment)).toEqual(
        await readFile(path.join(mediaDir, MediaLayout.hlsDir(dir), 'audio/hi/seg_00001.m4s')),
      );
      const subtitles = await get(`${base(playback)}/subs/en/subs.vtt`);
      expect(subtitles.status).toBe(200);
      expect(subtitles.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
      expect(await subtitles.text()).toContain('Hello');
      expect((await get(`${base(playback)}/subs/en/index.m3u8`)).status).toBe(200);
      // A language the title does not have, and a forged token: nothing.
      expect((await get(`${base(playback)}/audio/ta/index.m3u8`)).status).toBe(404);
      const tampered = `${playback.token.slice(0, -4)}${playback.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      const forged = base(playback).replace(playback.token, tampered);
      for (const file of ['audio/hi/seg_00001.m4s', 'subs/en/subs.vtt']) {
        const res = await get(`${forged}/${file}`);
        expect(res.status).toBe(403);
        expect((await bytes(res)).length).toBe(0);
      }
    });

    it('refuses every 1080p file to a 720p token (403, no bytes)', async () => {
      for (const file of ['1080p/index.m3u8', '1080p/init.mp4', '1080p/seg_00001.m4s']) {
        const res = await get(`${base(playback)}/${file}`);
        expect(res.status).toBe(403);
        expect((await bytes(res)).length).toBe(0);
      }
    });

    it('serves trickplay', async () => {
      const vtt = await get(playback.trickplayUrl ?? '');
      expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
      expect(await vtt.text()).toContain('sheet_000.jpg#xywh=');
      const sheet = await get(`${base(playback)}/trickplay/sheet_000.jpg`);
      expect([sheet.status, sheet.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    });

    it('answers 404 for files that do not exist or are not ours to serve', async () => {
      for (const file of [
        `720p/seg_${String(SEGMENTS + 1).padStart(5, '0')}.m4s`,
        '720p/../../video.mp4',
        'hls/master.m3u8',
        '720p/secret.txt',
      ]) {
        const res = await get(`${base(playback)}/${file}`);
        expect(res.status).toBe(404);
        expect((await bytes(res)).length).toBe(0);
      }
    });

    it('lists every rendition for a best cap', async () => {
      const best = await open(viewer({ quality: 'best' }));
      expect(best.renditions).toEqual(['1080p', '720p', '480p']);
      const text = await (await get(best.hlsUrl)).text();
      expect(text.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
        '1080p/index.m3u8',
        '720p/index.m3u8',
        '480p/index.m3u8',
      ]);
      expect((await get(`${base(best)}/1080p/seg_00001.m4s`)).status).toBe(200);
    });
  });

  describe("an admin's subtitles (issue 26)", () => {
    const SRT =
      '1\r\n00:00:01,000 --> 00:00:02,500\r\n[rain on the roof]\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nHello\r\n';
    const add = (file: string, language = 'en', cc = true) =>
      service.call(StreamingRpc.addSubtitles, { movieId: otherMovieId, subtitles: { language, cc, file } });

    it('converts an SRT file, lists it as CC in the master playlist and serves it under the token, the shared sample untouched', async () => {
      const sampleVtt = await readFile(
        path.join(mediaDir, MediaLayout.hlsDir(dir), 'subs/en/subs.vtt'),
        'utf8',
      );
      const asset = await add(SRT);
      expect(asset.subtitleTracks).toEqual([
        { language: 'en', name: 'English CC', isDefault: false, cc: true },
      ]);
      const playback = await open(openRequest(otherMovieId, { quality: '480p' }));
      // Delivery reads the title's record through a cache of a few seconds.
      await waitUntil(
        async () => (await (await get(playback.hlsUrl)).text()).includes('NAME="English CC"'),
        'the master playlist to list the CC subtitles',
      );
      const master = await (await get(playback.hlsUrl)).text();
      expect(master).toContain('CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog');
      expect(master.match(/TYPE=SUBTITLES/g)).toHaveLength(1);
      expect(master).toContain('TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="hi"');
      const vtt = await get(`${base(playback)}/subs/en/subs.vtt`);
      expect(vtt.status).toBe(200);
      expect(await vtt.text()).toBe(
        'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n[rain on the roof]\n\n00:00:03.000 --> 00:00:04.000\nHello\n',
      );
      expect((await get(`${base(playback)}/subs/en/index.m3u8`)).status).toBe(200);
      // The sample's own file (shared by other titles) is as it was, and its other title still gets it.
      expect(await readFile(path.join(mediaDir, MediaLayout.hlsDir(dir), 'subs/en/subs.vtt'), 'utf8')).toBe(
        sampleVtt,
      );
      const first = await open(viewer({ quality: '480p' }));
      expect(await (await get(`${base(first)}/subs/en/subs.vtt`)).text()).toBe(sampleVtt);
    });

    it('refuses anything but WebVTT or SRT, and a malformed file, with a 400 and nothing stored', async () => {
      const before = await service.call(StreamingRpc.asset, { movieId: otherMovieId });
      for (const file of [
        '{"not": "subtitles"}',
        'WEBVTT\n\nno timing here\n',
        '1\n00:00:09,000 --> 00:00:01,000\nx\n',
      ])
        expect(await failure(add(file, 'hi'))).toMatchObject({ code: ErrorCode.ValidationFailed });
      expect(await failure(add(SRT, 'Hindi'))).toMatchObject({ code: ErrorCode.ValidationFailed });
      expect(await service.call(StreamingRpc.asset, { movieId: otherMovieId })).toEqual(before);
      expect(
        await readFile(path.join(mediaDir, MediaLayout.addedSubtitles(otherMovieId, 'hi'), 'subs.vtt')).catch(
          () => null,
        ),
      ).toBeNull();
    });

    it('refuses subtitles for a title without media (409)', async () => {
      expect(
        await failure(
          service.call(StreamingRpc.addSubtitles, {
            movieId: objectId(),
            subtitles: { language: 'en', file: SRT },
          }),
        ),
      ).toMatchObject({ code: ErrorCode.Conflict, message: StreamingMessages.subtitlesNeedMedia });
    });
  });

  describe('the MP4 with byte ranges', () => {
    let url: string;
    beforeAll(async () => {
      url = (await open(viewer())).mp4Url;
    });

    it('serves the whole file with validators and Accept-Ranges', async () => {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
      expect(res.headers.get('last-modified')).toBeTruthy();
      expect((await bytes(res)).equals(mp4)).toBe(true);
    });

    it.each([
      ['a closed range', 'bytes=1000-1999', 1000, 1999],
      ['an open-ended range', 'bytes=299000-', 299000, 299999],
      ['a suffix', 'bytes=-500', 299500, 299999],
      ['a range past the end', 'bytes=299990-400000', 299990, 299999],
    ])('answers %s with 206 and exactly those bytes', async (_, range, start, end) => {
      const res = await get(url, { Range: range });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${mp4.length}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      expect((await bytes(res)).equals(mp4.subarray(start, end + 1))).toBe(true);
    });

    it('answers an unsatisfiable range with 416 and the size', async () => {
      const res = await get(url, { Range: `bytes=${mp4.length}-` });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${mp4.length}`);
      expect((await bytes(res)).length).toBe(0);
    });

    it('answers several ranges with the whole file', async () => {
      const res = await get(url, { Range: 'bytes=0-9,20-29' });
      expect(res.status).toBe(200);
      expect((await bytes(res)).length).toBe(mp4.length);
    });

    it('answers HEAD with the headers only, and a current copy with 304', async () => {
      const head = await get(url, {}, 'HEAD');
      expect([head.status, head.headers.get('content-length')]).toEqual([200, String(mp4.length)]);
      expect((await bytes(head)).length).toBe(0);
      const etag = head.headers.get('etag') ?? '';
      expect((await get(url, { 'If-None-Match': etag })).status).toBe(304);
      // If-Range with a stale validator: the whole (new) file instead of a range of the wrong one.
      expect((await get(url, { Range: 'bytes=0-9', 'If-Range': '"stale"' })).status).toBe(200);
      expect((await get(url, { Range: 'bytes=0-9', 'If-Range': etag })).status).toBe(206);
    });
  });

  describe('tokens that do not open the door (403, no bytes)', () => {
    it('refuses tampered, expired, missing and other-title tokens', async () => {
      const playback = await open(viewer());
      const signer = service.app.get(StreamTokenSigner);
      const check = signer.verify(playback.token);
      if (!check.ok) throw new Error('fresh token refused');
      const expired = signer.sign({ ...check.claims, expiresAt: Math.floor(Date.now() / 1000) - 1 });
      const [payload, mac] = playback.token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const upgraded = `${Buffer.from(JSON.stringify({ ...claims, q: 'best' })).toString('base64url')}.${mac}`;
      const otherUser = `${Buffer.from(JSON.stringify({ ...claims, u: objectId() })).toString('base64url')}.${mac}`;
      const otherTitle = await open(viewer({ movieId: otherMovieId }));
      const urls = [
        `/stream/t/${expired}/${movieId}/master.m3u8`,
        `/stream/t/${upgraded}/${movieId}/1080p/seg_00001.m4s`,
        `/stream/t/${otherUser}/${movieId}/480p/seg_00001.m4s`,
        `/stream/t/${otherTitle.token}/${movieId}/480p/seg_00001.m4s`,
        `/stream/${movieId}?token=${expired}`,
        `/stream/${movieId}?token=${otherTitle.token}`,
        `/stream/${movieId}?token=${upgraded}`,
        `/stream/${movieId}`,
      ];
      for (const url of urls) {
        const res = await get(url, { Range: 'bytes=0-99' });
        expect([url, res.status]).toEqual([url, 403]);
        expect((await bytes(res)).length).toBe(0);
      }
    });

    it('leaves other /stream requests and the health check to the rest of the app', async () => {
      expect((await get('/health')).status).toBe(200);
      expect((await get(`/stream/${objectId()}/anything`)).status).toBe(404);
    });
  });

  describe('screens, heartbeats and stopping a stream', () => {
    it('refuses a fifth screen on Premium while four leases live, and allows it after one expires', async () => {
      const userId = objectId();
      // Each names the profile watching (issue 25), but the first: a lease taken before names none.
      const premium = (n: number) =>
        viewer({
          userId,
          sessionId: `device-${n}`,
          quality: 'best',
          screens: 4,
          deviceLabel: `Device ${n}`,
          ...(n > 1 ? { profileName: `Profile ${n}` } : {}),
        });
      const leases = [];
      for (let n = 1; n <= 4; n++) leases.push(await open(premium(n)));
      expect(await failure(open(premium(5)))).toMatchObject({
        code: ErrorCode.Conflict,
        message: StreamingMessages.screenLimit,
      });
      const listed = await service.call(StreamingRpc.streams, { userId, sessionId: 'device-2' });
      expect(listed.limit).toBe(4);
      expect(listed.streams.map((s) => [s.deviceLabel, s.profileName, s.current])).toEqual([
        ['Device 1', null, false],
        ['Device 2', 'Profile 2', true],
        ['Device 3', 'Profile 3', false],
        ['Device 4', 'Profile 4', false],
      ]);
      // The same device starting the same title again keeps its screen.
      expect((await open(premium(3))).leaseId).toBe(leases[2].leaseId);
      // Device 1 stops sending heartbeats: its lease's expiry passes (moved into the past rather than waiting 45 s).
      await redis.zadd(`streaming:leases:{${userId}}:live`, 'XX', Date.now() - 1, leases[0].leaseId);
      expect(await open(premium(5))).toMatchObject({ quality: 'best' });
      const { token, leaseId } = leases[0];
      expect(
        await service.call(StreamingRpc.heartbeat, {
          token,
          leaseId,
          positionSeconds: 3,
          durationSeconds: 8,
          event: 'tick',
        }),
      ).toMatchObject({ leaseActive: false });
    });

    it('publishes each heartbeat as watch.progressed on the events stream, naming the profile that opened it', async () => {
      const request = viewer({ classification: Classification.U });
      // The envelope's profile at open (issue 25): every report of the lease names it, even after the lease ended.
      const profile = { id: objectId(), kind: ProfileKind.Kids, maturityCeiling: Classification.UA7 };
      const { token, leaseId } = await RequestContext.run({ correlationId: 'watch-profile', profile }, () =>
        open(request),
      );
      expect(
        await service.call(StreamingRpc.heartbeat, {
          token,
          leaseId,
          positionSeconds: 4.5,
          durationSeconds: 8,
          event: 'pause',
          // Within what the clock allows this soon after the playback opened (the 2 s allowance).
          watchedSeconds: 1,
        }),
      ).toMatchObject({ leaseActive: true });
      // An older player that does not report watch time yet: counted as none.
      await service.call(StreamingRpc.heartbeat, {
        token,
        leaseId,
        positionSeconds: 5,
        durationSeconds: 8,
        event: 'tick',
      });
      const mine = await progressReports(leaseId);
      // Newest first.
      expect(mine).toHaveLength(2);
      expect(mine[1]).toMatchObject({
        userId: request.userId,
        movieId,
        positionSeconds: 4.5,
        durationSeconds: 8,
        event: 'pause',
        watchedSeconds: 1,
      });
      expect(mine[0]).toMatchObject({ positionSeconds: 5, event: 'tick', watchedSeconds: 0 });
      // A movie's reports name no episode.
      for (const report of mine) expect(report).not.toHaveProperty('episode');
      for (const report of mine) expect(report.profileId).toBe(profile.id);
      // Stopped from another screen: the lease record is gone, its last report still names the profile.
      expect(await service.call(StreamingRpc.stop, { userId: request.userId, leaseId })).toEqual({
        stopped: true,
      });
      expect(
        await service.call(StreamingRpc.heartbeat, {
          token,
          leaseId,
          positionSeconds: 5.5,
          durationSeconds: 8,
          event: 'tick',
        }),
      ).toMatchObject({ leaseActive: false });
      expect((await progressReports(leaseId))[0]).toMatchObject({
        positionSeconds: 5.5,
        profileId: profile.id,
      });
      // A playback opened with no profile (an admin tool) reports none: the consumers use the default profile.
      const unnamed = await open(viewer({ userId: objectId() }));
      await service.call(StreamingRpc.heartbeat, {
        token: unnamed.token,
        leaseId: unnamed.leaseId,
        positionSeconds: 1,
        durationSeconds: 8,
        event: 'tick',
      });
      const [report] = await progressReports(unnamed.leaseId);
      expect(report).toMatchObject({ positionSeconds: 1 });
      expect(report).not.toHaveProperty('profileId');
    });

    it('puts an episode’s ref on every report of its lease, the one after a stop included', async () => {
      const userId = objectId();
      const episode = { seriesId: objectId(), seasonNumber: 2, episodeNumber: 5 };
      // The gateway opens an episode by its own id (its media), with its series' title facts and the ref.
      const { token, leaseId } = await open(
        viewer({ userId, movieId: otherMovieId, title: 'Series · S2:E5', episode }),
      );
      const beat = (positionSeconds: number) =>
        service.call(StreamingRpc.heartbeat, {
          token,
          leaseId,
          positionSeconds,
          durationSeconds: 8,
          event: 'tick',
          watchedSeconds: 1,
        });
      expect(await beat(2)).toMatchObject({ leaseActive: true });
      const listed = await service.call(StreamingRpc.streams, { userId, sessionId: 'elsewhere' });
      expect(listed.streams.map((s) => [s.movieId, s.title])).toEqual([[otherMovieId, 'Series · S2:E5']]);
      expect(await service.call(StreamingRpc.stop, { userId, leaseId })).toEqual({ stopped: true });
      expect(await beat(3)).toMatchObject({ leaseActive: false });

      const reports = await progressReports(leaseId);
      expect(reports.map((r) => [r.positionSeconds, r.movieId, r.episode])).toEqual([
        [3, otherMovieId, episode],
        [2, otherMovieId, episode],
      ]);
    });

    it('stops another device’s stream: its next heartbeat answers leaseActive false', async () => {
      const userId = objectId();
      const tv = await open(viewer({ userId, sessionId: 'tv', screens: 1 }));
      expect(await failure(open(viewer({ userId, sessionId: 'phone', screens: 1 })))).toMatchObject({
        code: ErrorCode.Conflict,
      });
      expect(await service.call(StreamingRpc.stop, { userId: objectId(), leaseId: tv.leaseId })).toEqual({
        stopped: false,
      });
      expect(await service.call(StreamingRpc.stop, { userId, leaseId: tv.leaseId })).toEqual({
        stopped: true,
      });
      const phone = await open(viewer({ userId, sessionId: 'phone', screens: 1 }));
      expect(phone.leaseId).not.toBe(tv.leaseId);
      expect(
        await service.call(StreamingRpc.heartbeat, {
          token: tv.token,
          leaseId: tv.leaseId,
          positionSeconds: 60,
          durationSeconds: 8,
          event: 'tick',
        }),
      ).toMatchObject({ leaseActive: false });
      expect(
        await service.call(StreamingRpc.heartbeat, {
          token: phone.token,
          leaseId: phone.leaseId,
          positionSeconds: 1,
          durationSeconds: 8,
          event: 'tick',
        }),
      ).toMatchObject({ leaseActive: true });
    });

    it('refuses a heartbeat with a forged token or another lease id', async () => {
      const a = await open(viewer());
      const b = await open(viewer());
      for (const body of [
        { token: a.token, leaseId: b.leaseId },
        { token: `${a.token.slice(0, -3)}abc`, leaseId: a.leaseId },
      ]) {
        expect(
          await failure(
            service.call(StreamingRpc.heartbeat, {
              ...body,
              positionSeconds: 1,
              durationSeconds: null,
              event: 'tick',
            }),
          ),
        ).toMatchObject({ code: ErrorCode.Forbidden });
      }
    });

    it('answers 404 with the no-media message for a title without media', async () => {
      expect(await failure(open(viewer({ movieId: objectId() })))).toMatchObject({
        code: ErrorCode.NotFound,
        message: StreamingMessages.noMedia,
      });
    });

    it("answers a title above the profile's ceiling as one without media: 404, no lease, no link (issue 25)", async () => {
      const userId = objectId();
      const kids = { id: objectId(), kind: ProfileKind.Kids, maturityCeiling: Classification.UA7 };
      const asKids = <T>(work: () => Promise<T>) => RequestContext.run({ profile: kids }, work);
      for (const classification of [Classification.UA13, Classification.UA16, Classification.A])
        expect(await failure(asKids(() => open(viewer({ userId, classification }))))).toMatchObject({
          code: ErrorCode.NotFound,
          message: StreamingMessages.noMedia,
        });
      expect((await service.call(StreamingRpc.streams, { userId, sessionId: 'x' })).streams).toEqual([]);
      // Within the ceiling it plays; an adult profile, and a call naming no profile, play any class.
      expect(await asKids(() => open(viewer({ userId, classification: Classification.UA7 })))).toMatchObject({
        movieId,
      });
      const adult = { ...kids, kind: ProfileKind.Standard, maturityCeiling: Classification.A };
      const asAdult = RequestContext.run({ profile: adult }, () =>
        open(viewer({ classification: Classification.A })),
      );
      expect(await asAdult).toMatchObject({ movieId });
      expect(await open(viewer({ classification: Classification.A }))).toMatchObject({ movieId });
    });
  });
});
