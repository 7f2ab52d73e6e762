import { mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { findOnPath, isExecutable, launch, pollUntil } from './processes';

/** Debian installs it in /usr/sbin, which is not on an ordinary user's PATH. */
const DEBIAN_PATH = '/usr/sbin/nginx';

/** The internal location streaming-service hands checked files to (`STREAM_ACCEL_REDIRECT`). */
export const MEDIA_ACCEL_PREFIX = '/_media/';

export type FrontProxyOptions = {
  /** Where the configuration, pid file and nginx's temporary files go. */
  dir: string;
  /** The one URL's port. */
  port: number;
  /** `0.0.0.0` (npm start, like the gateway it fronts) or `127.0.0.1`. */
  host: string;
  gatewayPort: number;
  /** streaming-service's HTTP port (uploads to `/stream/upload/`). */
  streamingPort: number;
  /** Its plain listener for the stream checks (`STREAM_DELIVERY_PORT`); default: the HTTP port. */
  streamChecksPort?: number;
  /** streaming-service's MEDIA_DIR: the files the internal location serves. */
  mediaDir: string;
  /** nginx worker processes: `auto` for npm start; 1 where a bench compares it with a one-worker reference. */
  workers?: number | 'auto';
  /** nginx's error log file (npm start: beside the services' logs); default: its stderr. */
  errorLog?: string;
  /**
   * Edge links (issue 29 §4): streaming-service's STREAM_EDGE_SECRET and STREAM_EDGE_REVOKED_DIR. Given, nginx checks
   * the links of segments and the MP4 itself and sends them without asking streaming-service (edgeLinkLocations).
   */
  edge?: EdgeLinkOptions;
  /** Load shedding of `/api` in nginx, before any Node process sees the request (apiAdmission). */
  apiAdmission?: ApiAdmissionOptions;
};

/**
 * The gateway's own admission limit, applied first by nginx (issue 29 §2): at most `maxInFlight` `/api` requests
 * (the gateway's in-flight and queued places) proxied at once; beyond it nginx answers 503 at once, with
 * `Retry-After` and the gateway's error body (`code`, `message`; nginx's request id as `correlationId`), without
 * waiting for a Node process short of CPU to read the request. Health probes are never shed.
 */
export type ApiAdmissionOptions = {
  maxInFlight: number;
  retryAfterSeconds: number;
  code: string;
  message: string;
};

/**
 * Edge links as streaming-service signs them: its secret and revocation dir, and the link's shape (contracts'
 * `EdgeLinkShape`: the regular expression of each field, the renditions, the renditions each cap allows).
 */
export type EdgeLinkOptions = {
  secret: string;
  revokedDir: string;
  shape: {
    patterns: Record<'quality' | 'leaseId' | 'dir' | 'audio' | 'expiresAt' | 'md5', string>;
    renditions: readonly string[];
    capRenditions: Record<string, readonly string[]>;
  };
};

export type NginxHandle = {
  url: string;
  pid: number | undefined;
  /** Writes `config` and has the running nginx reload it (SIGHUP: new workers take it, old ones finish). */
  reload(config: string): Promise<void>;
  stop(): Promise<void>;
};

export type FrontProxyHandle = NginxHandle & {
  /** Reloads with `/api` shed beyond `maxInFlight` places instead (benches compare limits on one system). */
  setApiPlaces(maxInFlight: number): Promise<void>;
};

/** How long reloading workers are given to take over before a bench goes on. */
const RELOAD_SETTLE_MS = 1_500;

/** The nginx binary, or undefined when it is not installed. */
export const findNginx = (): string | undefined =>
  findOnPath('nginx') ?? (isExecutable(DEBIAN_PATH) ? DEBIAN_PATH : undefined);

/** Headers the gateway's helmet sets on everything it answers, for what nginx answers without the gateway. */
export const MEDIA_SECURITY_HEADERS = `add_header X-Content-Type-Options nosniff always;
      add_header Cross-Origin-Resource-Policy same-origin always;
      add_header X-Frame-Options DENY always;`;

/**
 * At most the shortest token lifetime streaming-service accepts (STREAM_TOKEN_TTL_SECONDS ≥ 60): nginx cannot count
 * down to the token's own expiry as streaming-service's answers do, and only the viewer's own browser keeps the bytes.
 */
const EDGE_MAX_AGE_SECONDS = 60;

/**
 * Where an edge sends a checked link's file from: streaming-service's media directory on its own disk (npm start),
 * with the revocation markers beside it; or the bucket the media live in (k8s' stream edge), read without signing
 * (the bucket's policy lets the edge's network read), where no marker can be seen.
 */
export type EdgeOrigin =
  | { kind: 'disk'; mediaDir: string; revokedDir: string }
  | {
      kind: 'bucket';
      /** The nginx upstream that holds the bucket's endpoint, and its scheme (`http` or `https`). */
      upstream: string;
      scheme: string;
      /** The Host the endpoint answers the bucket on (also the TLS server name). */
      host: string;
      /** The path of the media store's prefix at that endpoint (`/media`, or `/<bucket>/media` path-style). */
      pathPrefix: string;
    };

/** What each kind of file is (the bucket's own Content-Type is whatever the upload said). */
const EDGE_TYPES = `map $edge_f $edge_type { default video/iso.segment; init.mp4 video/mp4; video.mp4 video/mp4; }`;

/** The file at `file` (nginx path expression, relative to the media root), from the origin. */
const sendFrom = (origin: EdgeOrigin, file: string) => {
  if (origin.kind === 'disk') return `alias ${origin.mediaDir.replace(/\/?$/, '')}/${file};`;
  return `proxy_pass ${origin.scheme}://${origin.upstream}${origin.pathPrefix}/${file};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host ${origin.host};
      proxy_set_header Authorization "";
      proxy_set_header Cookie "";
      proxy_ssl_server_name on;
      proxy_ssl_name ${origin.host};
      proxy_intercept_errors on;
      proxy_hide_header Content-Type;
      proxy_hide_header Cache-Control;
      proxy_hide_header Set-Cookie;
      proxy_hide_header x-amz-id-2;
      proxy_hide_header x-amz-request-id;
      proxy_hide_header x-amz-version-id;
      proxy_hide_header x-amz-server-side-encryption;
      add_header Content-Type $edge_type always;`;
};

/**
 * How nginx passes a request on to a Node upstream: kept-alive HTTP/1.1, the viewer's host and address, and bodies
 * streamed both ways (uploads, server-sent events, video) for up to an hour. `proto` is the viewer's scheme: `$scheme`
 * where nginx is the one URL, the ingress's `$http_x_forwarded_proto` behind one.
 */
export const streamedProxy = (proto: string) => `proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto ${proto};
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;`;

/**
 * The links nginx checks alone (streaming-service's playback/edge-link.ts signs them): the token's edge fields by
 * their MD5 with the shared secret and expiry (`secure_link`), the rendition against the signed cap, and, on the
 * disk origin, the lease against its revocation marker (a `stat` per request, uncached, so an ended lease is refused
 * at once; from a bucket an ended lease's links last until the token's expiry). Passed, the file goes out from the
 * asset's directory the link names (an audio language the link names as added by an admin: from the title's own
 * tracks): by sendfile from disk, or streamed from the bucket with the viewer's range and validators. Anything else
 * about a link is a 403 with no body, like streaming-service's. A token without edge fields matches no edge
 * location and goes to `@stream_checks`.
 */
export const edgeLinkLocations = (
  edge: { secret: string; shape: EdgeLinkOptions['shape'] },
  origin: EdgeOrigin,
  headers: string,
) => {
  const { patterns: p, renditions, capRenditions } = edge.shape;
  const fields = `(?<edge_q>${p.quality})\\.(?<edge_l>${p.leaseId})\\.(?<edge_d>${p.dir})\\.(?<edge_a>${p.audio})\\.(?<edge_x>${p.expiresAt})\\.(?<edge_h>${p.md5})`;
  const token = `[A-Za-z0-9_-]{1,1000}\\.[A-Za-z0-9_-]{1,100}\\.${fields}`;
  const revoked =
    origin.kind === 'disk'
      ? `\n      if (-f ${origin.revokedDir.replace(/\/?$/, '')}/$edge_l) { return 403; }`
      : '';
  const checks = `secure_link $edge_h,$edge_x;
      secure_link_md5 "$edge_x/$edge_m/$edge_q/$edge_l/$edge_d/$edge_a ${edge.secret}";
      if ($secure_link != "1") { return 403; }${revoked}`;
  const sent = `types { video/mp4 mp4; video/iso.segment m4s; }
      add_header Cache-Control "private, max-age=${EDGE_MAX_AGE_SECONDS}, immutable" always;
      ${headers}
      error_page 403 =403 @empty;
      error_page 404 =404 @empty;`;
  const capPairs = Object.entries(capRenditions).flatMap(([cap, allowed]) =>
    allowed.map((rendition) => `"${cap}:${rendition}" 1;`),
  );
  return {
    http: `map "$edge_q:$edge_r" $edge_within_cap { default 0; ${capPairs.join(' ')} }
  map $edge_d $edge_dir { "~^s(?<edge_n>[0-9a-z]+)$" samples/$edge_n; "~^u(?<edge_v>[0-9a-z]+)$" uploads/$edge_m/$edge_v; }
  map $arg_token $edge_mp4 { "~^${token}$" 1; default 0; }
  map "$edge_a:$edge_lang" $edge_audio_dir {
    "~^a(?:[a-z]{2,3}-)*(?<edge_added>[a-z]{2,3})(?:-[a-z]{2,3})*:\\k<edge_added>$" tracks/$edge_m/audio/$edge_lang;
    default $edge_dir/hls/audio/$edge_lang;
  }${origin.kind === 'bucket' ? `\n  ${EDGE_TYPES}` : ''}`,
    server: `location ~ "^/stream/t/${token}/(?<edge_m>[a-f0-9]{24})/(?<edge_r>${renditions.join('|')})/(?<edge_f>init\\.mp4|seg_[0-9]{5,6}\\.m4s)$" {
      ${checks}
      if ($edge_within_cap != "1") { return 403; }
      ${sendFrom(origin, '$edge_dir/hls/$edge_r/$edge_f')}
      ${sent}
    }
    location ~ "^/stream/t/${token}/(?<edge_m>[a-f0-9]{24})/audio/(?<edge_lang>[a-z]{2,3})/(?<edge_f>init\\.mp4|seg_[0-9]{5,6}\\.m4s)$" {
      ${checks}
      ${sendFrom(origin, '$edge_audio_dir/$edge_f')}
      ${sent}
    }
    location ~ "^/stream/(?<edge_m>[a-f0-9]{24})$" {
      error_page 418 = @stream_checks;
      if ($edge_mp4 != "1") { return 418; }
      ${checks}${origin.kind === 'bucket' ? '\n      set $edge_f video.mp4;' : ''}
      ${sendFrom(origin, '$edge_dir/video.mp4')}
      ${sent}
    }`,
  };
};

/** nginx's side of ApiAdmissionOptions: the zone, and the answer beyond the limit. */
const apiAdmissionConfig = (admission: ApiAdmissionOptions) => {
  if (/[$'\\]/.test(admission.code + admission.message))
    throw new Error("the busy answer cannot hold $, ' or \\ (nginx string)");
  const body = `{"code":${JSON.stringify(admission.code)},"message":${JSON.stringify(admission.message)},"correlationId":"$request_id"}`;
  return {
    http: `limit_conn_zone $server_port zone=api_in_flight:1m;
  limit_conn_status 503;
  limit_conn_log_level info;`,
    limit: `limit_conn api_in_flight ${admission.maxInFlight};
      error_page 503 @busy;`,
    busy: `location @busy {
      default_type application/json;
      add_header Retry-After ${admission.retryAfterSeconds} always;
      add_header Cache-Control no-store always;
      add_header X-Content-Type-Options nosniff always;
      return 503 '${body}';
    }`,
  };
};

/**
 * The one URL in front of the product (issue 29 §4): the web app and `/api` go to the gateway as they are (`/api`
 * shed beyond `apiAdmission`, §2); `/stream/` goes to streaming-service (uploads to its HTTP port, the rest to its
 * stream-checks listener), which checks the signed, lease-bound token and answers the file's location in
 * `X-Accel-Redirect` (and its Content-Type and Cache-Control) with no body; nginx then sends the file from the
 * internal `/_media/` location with sendfile, ranges and validators (ETag, Last-Modified, 304) included. The location
 * is `internal`: no request reaches it from outside. With `edge`, segments and the MP4 skip that check: nginx checks
 * their edge links itself (edgeLinkLocations). Bodies are streamed both ways (uploads, server-sent events), their
 * sizes left to the gateway and the services, which enforce their own.
 */
export const frontProxyConfig = (options: FrontProxyOptions): string => {
  const {
    dir,
    port,
    host,
    gatewayPort,
    streamingPort,
    mediaDir,
    workers = 'auto',
    errorLog = 'stderr',
  } = options;
  const checksPort = options.streamChecksPort ?? streamingPort;
  const proxied = streamedProxy('$scheme');
  // The stream checks answer `/stream/` and, for an MP4 link without edge fields, the edge location's fallback.
  const toStreamChecks = `proxy_pass http://stream_checks;
      ${proxied}
      proxy_hide_header X-Content-Type-Options;
      ${MEDIA_SECURITY_HEADERS}`;
  const edge = options.edge
    ? edgeLinkLocations(
        options.edge,
        { kind: 'disk', mediaDir, revokedDir: options.edge.revokedDir },
        MEDIA_SECURITY_HEADERS,
      )
    : null;
  const admission = options.apiAdmission ? apiAdmissionConfig(options.apiAdmission) : null;
  // A root master starts its workers as `nobody` unless told otherwise: they must read the media directory.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  return `${user}worker_processes ${workers};
pid ${path.join(dir, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_max_body_size 0;
  ${nginxTempDirs(dir)}
  default_type application/octet-stream;
  # Idle upstream connections closed well before Node closes them (its 5 s default on streaming-service's HTTP port):
  # a request sent on a connection the upstream is closing fails, and a POST is not retried.
  upstream gateway { server 127.0.0.1:${gatewayPort}; keepalive 64; keepalive_timeout 4s; }
  upstream streaming { server 127.0.0.1:${streamingPort}; keepalive 16; keepalive_timeout 4s; }
  upstream stream_checks { server 127.0.0.1:${checksPort}; keepalive 64; }
  ${edge?.http ?? ''}
  ${admission?.http ?? ''}
  server {
    listen ${host}:${port};
    location / {
      proxy_pass http://gateway;
      ${proxied}
    }
    location /api/ {
      proxy_pass http://gateway;
      ${proxied}
      ${admission?.limit ?? ''}
    }
    location /api/health {
      proxy_pass http://gateway;
      ${proxied}
    }
    ${admission?.busy ?? ''}
    location /stream/ {
      ${toStreamChecks}
    }
    location @stream_checks {
      ${toStreamChecks}
    }
    ${edge?.server ?? ''}
    location /stream/upload/ {
      proxy_pass http://streaming;
      ${proxied}
    }
    location ${MEDIA_ACCEL_PREFIX} {
      internal;
      alias ${mediaDir.replace(/\/?$/, '/')};
      ${MEDIA_SECURITY_HEADERS}
      # Empty, like streaming-service's own refusals (nginx's default error page is HTML).
      error_page 403 404 =404 @empty;
    }
    location @empty {
      add_header Cache-Control no-store always;
      return 200 "";
    }
  }
}
`;
};

const TEMP_DIRS = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

/** nginx's temporary directories under `dir` (runNginx makes them), as `http`-level directives. */
export const nginxTempDirs = (dir: string) => {
  const temp = (name: string) => path.join(dir, 'temp', name);
  return `client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};`;
};

/** Starts nginx on `config` (written to `dir`), listening on `port`; fails, naming nginx's own words, when it cannot. */
export const runNginx = async (dir: string, config: string, port: number): Promise<NginxHandle> => {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx not found on the PATH (Debian: apt-get install nginx)');
  for (const name of TEMP_DIRS) mkdirSync(path.join(dir, 'temp', name), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, config);
  const child = launch('nginx', nginx, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {});
  const url = `http://127.0.0.1:${port}`;
  await child.ready(() =>
    pollUntil(child, async () => {
      // Any answer (the gateway may not be up yet: 502) means nginx listens.
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(1_000) }).catch(() => null);
      return res !== null;
    }),
  );
  const reload = async (next: string) => {
    writeFileSync(conf, next);
    child.process.kill('SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, RELOAD_SETTLE_MS));
  };
  return { url, pid: child.process.pid, reload, stop: () => child.stop() };
};

/** Starts nginx as the one URL (see frontProxyConfig). */
export const startFrontProxy = async (options: FrontProxyOptions): Promise<FrontProxyHandle> => {
  const nginx = await runNginx(options.dir, frontProxyConfig(options), options.port);
  const setApiPlaces = (maxInFlight: number) => {
    if (!options.apiAdmission) throw new Error('this nginx sheds no /api (no apiAdmission)');
    return nginx.reload(
      frontProxyConfig({ ...options, apiAdmission: { ...options.apiAdmission, maxInFlight } }),
    );
  };
  return { ...nginx, setApiPlaces };
};
