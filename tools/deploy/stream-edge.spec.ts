// k8s/stream-edge-template.yaml is generated: the stream edge's nginx template (libs/local-infra/src/stream-edge.ts),
// made from the same code as npm start's nginx, so the two never drift. This spec fails when the file is not what the
// code generates now; `UPDATE_STREAM_EDGE=1 npx jest -c tools/jest.config.cjs stream-edge` rewrites it. It also has
// nginx (the one npm start runs) check the filled-in template, as the image's entrypoint would fill it in.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document } from 'yaml';
import { EdgeLinkShape } from '@app/contracts';
import { fillStreamEdgeTemplate, findNginx, STREAM_EDGE_ENV, streamEdgeTemplate } from '@app/local-infra';
import { k8sDir, readObjects } from './k8s-manifests';

const FILE = join(k8sDir, 'stream-edge-template.yaml');
const TEMPLATE_NAME = 'stream-edge.conf.template';
/** The port of the unprivileged nginx image (k8s/stream-edge.yaml's containerPort). */
const EDGE_PORT = 8080;

const generated = () => {
  const template = streamEdgeTemplate({ port: EDGE_PORT, shape: EdgeLinkShape });
  const doc = new Document({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'stream-edge-template',
      labels: { 'app.kubernetes.io/name': 'stream-edge', 'app.kubernetes.io/part-of': 'streamly' },
    },
    data: { [TEMPLATE_NAME]: template },
  });
  doc.commentBefore = [
    ' Generated from libs/local-infra/src/stream-edge.ts by tools/deploy/stream-edge.spec.ts; do not edit by hand:',
    ' UPDATE_STREAM_EDGE=1 npx jest -c tools/jest.config.cjs stream-edge',
    ' The stream edge (stream-edge.yaml) mounts it in /etc/nginx/templates; its entrypoint fills in each ${NAME}:',
    ...Object.entries(STREAM_EDGE_ENV).map(([name, what]) => `   ${name}: ${what}`),
  ].join('\n');
  return { template, text: doc.toString({ lineWidth: 0 }) };
};

describe('k8s stream edge (issue 29 §4)', () => {
  const { template, text } = generated();

  it('k8s/stream-edge-template.yaml is the template the code generates', () => {
    if (process.env.UPDATE_STREAM_EDGE) writeFileSync(FILE, text);
    expect(readFileSync(FILE, 'utf8')).toBe(text);
    const [configMap] = readObjects(FILE);
    expect((configMap.object.data as Record<string, string>)[TEMPLATE_NAME]).toBe(template);
  });

  it('names in the template only the environment the Deployment gives it', () => {
    const named = new Set([...template.matchAll(/\$\{([A-Za-z_]+)\}/g)].map((match) => match[1]));
    expect([...named].sort()).toEqual(Object.keys(STREAM_EDGE_ENV).sort());
  });

  it('is a configuration nginx accepts once filled in', () => {
    const nginx = findNginx();
    if (!nginx) throw new Error('nginx not found (npm test installs it: apt-get install nginx)');
    const dir = mkdtempSync(join(tmpdir(), 'stream-edge-'));
    try {
      writeFileSync(
        join(dir, 'edge.conf'),
        fillStreamEdgeTemplate(template, {
          STREAM_EDGE_SECRET: 'a'.repeat(32),
          STREAMING_SERVICE_ADDR: '127.0.0.1:5010',
          MEDIA_ORIGIN_SCHEME: 'https',
          MEDIA_ORIGIN_HOST: '127.0.0.1',
          MEDIA_ORIGIN_PORT: '443',
          MEDIA_ORIGIN_PATH: '/media',
        }),
      );
      writeFileSync(
        join(dir, 'nginx.conf'),
        `pid ${join(dir, 'nginx.pid')};\nerror_log stderr;\nevents {}\nhttp {\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  include ${join(dir, 'edge.conf')};\n}\n`,
      );
      const check = spawnSync(nginx, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect({ status: check.status, said: check.stderr }).toEqual({
        status: 0,
        said: expect.stringContaining('test is successful') as string,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
