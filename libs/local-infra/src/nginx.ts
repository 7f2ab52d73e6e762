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
};

export type FrontProxyHandle = { url: string; pid: number | undefined; stop(): Promise<void> };

/** The nginx binary, or undefined when it is not installed. */
export const findNginx = (): string | undefined =>
  findOnPath('nginx') ?? (isExecutable(DEBIAN_PATH) ? DEBIAN_PATH : undefined);

/** Headers the gateway's helmet sets on everything it answers, for what nginx answers without the gateway. */
const MEDIA_SECURITY_HEADERS = `add_header X-Content-Type-Options nosniff always;
      add_header Cross-Origin-Resource-Policy same-origin always;
      add_header X-Frame-Options DENY always;`;

/**
 * The one URL in front of the product (issue 29 §4): the web app and `/api` go to the gateway as they are;
 * `/stream/` goes to streaming-service (uploads to its HTTP port, the rest to its stream-checks listener), which checks the signed, lease-bound token and answers the file's
 * location in `X-Accel-Redirect` (and its Content-Type and Cache-Control) with no body; nginx then sends the
 * file from the internal `/_media/` location with sendfile, ranges and validators (ETag, Last-Modified, 304)
 * included. The location is `internal`: no request reaches it from outside. Bodies are streamed both ways
 * (uploads, server-sent events), their sizes left to the gateway and the services, which enforce their own.
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
  const temp = (name: string) => path.join(dir, 'temp', name);
  const proxied = `proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;`;
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
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  default_type application/octet-stream;
  # Idle upstream connections closed well before Node closes them (its 5 s default on streaming-service's HTTP port):
  # a request sent on a connection the upstream is closing fails, and a POST is not retried.
  upstream gateway { server 127.0.0.1:${gatewayPort}; keepalive 64; keepalive_timeout 4s; }
  upstream streaming { server 127.0.0.1:${streamingPort}; keepalive 16; keepalive_timeout 4s; }
  upstream stream_checks { server 127.0.0.1:${checksPort}; keepalive 64; }
  server {
    listen ${host}:${port};
    location / {
      proxy_pass http://gateway;
      ${proxied}
    }
    location /stream/ {
      proxy_pass http://stream_checks;
      ${proxied}
      proxy_hide_header X-Content-Type-Options;
      ${MEDIA_SECURITY_HEADERS}
    }
    location /stream/upload/ {
      proxy_pass http://streaming;
      ${proxied}
    }
    location ${MEDIA_ACCEL_PREFIX} {
      internal;
      alias ${mediaDir.replace(/\/?$/, '/')};
      ${MEDIA_SECURITY_HEADERS}
      # Empty, like streaming-service's own refusals (nginx's default error page is HTML).
      error_page 403 404 =404 @missing;
    }
    location @missing {
      add_header Cache-Control no-store always;
      return 200 "";
    }
  }
}
`;
};

/** Starts nginx as the one URL (see frontProxyConfig); fails, naming nginx's own words, when it cannot. */
export const startFrontProxy = async (options: FrontProxyOptions): Promise<FrontProxyHandle> => {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx not found on the PATH (Debian: apt-get install nginx)');
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(options.dir, 'temp', name), { recursive: true });
  const conf = path.join(options.dir, 'nginx.conf');
  writeFileSync(conf, frontProxyConfig(options));
  const child = launch('nginx', nginx, ['-p', options.dir, '-c', conf, '-g', 'daemon off;'], {});
  const url = `http://127.0.0.1:${options.port}`;
  await child.ready(() =>
    pollUntil(child, async () => {
      // Any answer (the gateway may not be up yet: 502) means nginx listens.
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(1_000) }).catch(() => null);
      return res !== null;
    }),
  );
  return { url, pid: child.process.pid, stop: () => child.stop() };
};
