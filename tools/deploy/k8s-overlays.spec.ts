// The kustomize overlays (deploy/overlays/dev, deploy/overlays/prod), rendered by our resolver
// (k8s-manifests.ts): each renders (resources exist, every patch applies to an existing object), keeps every
// object of the base, and says what its environment needs.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { K8sObject, Located } from './k8s-manifests';
import { k8sDir, overlaysDir, parseImage, renderKustomization } from './k8s-manifests';
import { minReplicas, workloads } from './k8s-policy';

const base = renderKustomization(k8sDir);
const dev = renderKustomization(join(overlaysDir, 'dev'));
const prod = renderKustomization(join(overlaysDir, 'prod'));

const key = ({ object }: Located): string => `${object.kind}/${object.metadata.name}`;
const find = (objects: Located[], kind: string, name: string): K8sObject | undefined =>
  objects.find(({ object }) => object.kind === kind && object.metadata.name === name)?.object;

type Container = { name: string; image: string; env?: { name: string; value?: string }[] };
const containerOf = (objects: Located[], app: string): Container | undefined =>
  workloads(objects)
    .find(({ object }) => object.kind === 'Deployment' && object.metadata.name === app)
    ?.template.spec.containers.find((c) => c.name === app) as Container | undefined;

const deploymentNames = base
  .filter(({ object }) => object.kind === 'Deployment')
  .map(({ object }) => object.metadata.name);
type Hpa = { minReplicas: number; maxReplicas: number };
const hpaBounds = (objects: Located[]): Record<string, string> =>
  Object.fromEntries(
    deploymentNames.map((name) => {
      const hpa = find(objects, 'HorizontalPodAutoscaler', name)?.spec as Hpa | undefined;
      return [name, `${hpa?.minReplicas}-${hpa?.maxReplicas}`];
    }),
  );

describe('kustomize overlays', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ])('%s applies every object of the base, in the streamly namespace, and nothing else', (_name, objects) => {
    expect(objects.map(key).sort()).toEqual(base.map(key).sort());
    const outside = objects.filter(
      ({ object }) => object.kind !== 'Namespace' && object.metadata.namespace !== 'streamly',
    );
    expect(outside.map(key)).toEqual([]);
  });

  it('dev: one replica of each app (up to 2), the OpenAPI document on, debug logs', () => {
    expect(Object.values(hpaBounds(dev)).every((bounds) => bounds === '1-2')).toBe(true);
    const gatewayEnv = containerOf(dev, 'api-gateway')?.env ?? [];
    expect(gatewayEnv.filter((v) => v.name === 'API_DOCS')).toEqual([{ name: 'API_DOCS', value: 'on' }]);
    expect((find(dev, 'ConfigMap', 'streamly-config')?.data as Record<string, string>).LOG_LEVEL).toBe(
      'debug',
    );
    // The base keeps the document off in production (the gateway's default with NODE_ENV=production).
    expect(containerOf(base, 'api-gateway')?.env?.some((v) => v.name === 'API_DOCS')).toBe(false);
  });

  it('prod: at least 3 pods of what every viewer uses and 2 of the rest, room to grow', () => {
    expect(hpaBounds(prod)).toEqual({
      'api-gateway': '3-20',
      'stream-edge': '3-20',
      'auth-service': '2-8',
      'catalogue-service': '3-20',
      'user-data-service': '3-20',
      'payment-service': '2-8',
      'streaming-service': '3-20',
      'recommendation-service': '2-8',
    });
    const fewest = workloads(prod)
      .filter(({ object }) => object.kind === 'Deployment')
      .map((workload) => minReplicas(prod, workload));
    expect(Math.min(...fewest)).toBeGreaterThanOrEqual(2);
  });

  it('prod: serves one host over TLS, and PUBLIC_URL (mail links, OAuth callback) is that host', () => {
    const ingress = find(prod, 'Ingress', 'streamly')?.spec as {
      rules: { host?: string }[];
      tls?: { hosts: string[]; secretName?: string }[];
    };
    const hosts = ingress.rules.map((rule) => rule.host);
    expect(hosts.every((host) => typeof host === 'string' && host.length > 0)).toBe(true);
    const covered = (ingress.tls ?? []).filter((tls) => tls.secretName).flatMap((tls) => tls.hosts);
    expect(hosts.filter((host) => !covered.includes(host as string))).toEqual([]);
    const config = find(prod, 'ConfigMap', 'streamly-config')?.data as Record<string, string>;
    expect(hosts.map((host) => `https://${host}`)).toContain(config.PUBLIC_URL);
  });

  it('pins every app image to its environment registry and tag through kustomize images:', () => {
    // Ours: built from this repo (streamly/<app>). The stream edge runs nginx's own image, pinned in the base.
    const apps = deploymentNames.filter((app) => containerOf(base, app)?.image?.startsWith('streamly/'));
    const images = (objects: Located[]) =>
      [...new Set(apps.map((app) => containerOf(objects, app)?.image ?? `${app}: none`))].map(parseImage);
    expect(apps).toHaveLength(7);
    expect(images(prod).map(({ name, tag }) => `${name}:${tag}`)).toEqual(
      apps.map((app) => `registry.example.com/streamly/${app}:0.1.0`),
    );
    expect(containerOf(prod, 'stream-edge')?.image).toBe(containerOf(base, 'stream-edge')?.image);
    expect(
      images(dev).every(({ name, tag }) => name.startsWith('registry.example.com/') && tag?.endsWith('-dev')),
    ).toBe(true);
  });

  describe('the resolver', () => {
    const workspace = (files: Record<string, string>): string => {
      const dir = mkdtempSync(join(tmpdir(), 'kustomize-'));
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      return dir;
    };
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  A: "1"\n';

    it('refuses an overlay inside its base, as kustomize does (why the overlays live in deploy/)', () => {
      const dir = workspace({
        'k8s/kustomization.yaml': 'resources: [c.yaml]\n',
        'k8s/c.yaml': cm,
        'k8s/overlays/dev/kustomization.yaml': 'resources: [../..]\n',
      });
      expect(() => renderKustomization(join(dir, 'k8s/overlays/dev'))).toThrow(/cycle detected/);
    });

    it('refuses a patch that matches nothing, an unknown field, and a file outside the kustomization', () => {
      const dir = workspace({
        'base/kustomization.yaml': 'resources: [c.yaml]\n',
        'base/c.yaml': cm,
        'nothing/kustomization.yaml':
          'resources: [../base]\npatches:\n  - target: { kind: Secret }\n    patch: "[{op: remove, path: /data}]"\n',
        'unknown/kustomization.yaml': 'resources: [../base]\nreplicas: [{ name: x, count: 2 }]\n',
        'outside/kustomization.yaml': 'resources: [../base/c.yaml]\n',
      });
      expect(() => renderKustomization(join(dir, 'nothing'))).toThrow(/matches no object/);
      expect(() => renderKustomization(join(dir, 'unknown'))).toThrow(/replicas not supported/);
      expect(() => renderKustomization(join(dir, 'outside'))).toThrow(/is not in or below/);
    });

    it('applies JSON 6902 patches by anchored-regex target, namespace and images like kustomize', () => {
      const dir = workspace({
        'base/kustomization.yaml': 'namespace: ns\nresources: [c.yaml, d.yaml]\n',
        'base/c.yaml': cm,
        'base/d.yaml':
          'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: cc\nspec:\n  template:\n    spec:\n      containers:\n        - { name: a, image: "streamly/a:1.0.0" }\n        - { name: b, image: "other/b:2" }\n',
        'env/kustomization.yaml': [
          'resources: [../base]',
          'images:',
          '  - { name: streamly/a, newName: reg.example/a, newTag: 1.2.3 }',
          'patches:',
          // No kind: only the anchored name keeps the Deployment cc out.
          '  - target: { name: c }',
          '    patch: "[{op: replace, path: /data/A, value: \'2\'}, {op: add, path: /data/B~1C, value: x}]"',
          '',
        ].join('\n'),
      });
      const rendered = renderKustomization(join(dir, 'env'));
      expect(rendered.map(({ object }) => object.metadata.namespace)).toEqual(['ns', 'ns']);
      expect(rendered[0].object.data).toEqual({ A: '2', 'B/C': 'x' });
      const containers = (rendered[1].object.spec as { template: { spec: { containers: Container[] } } })
        .template.spec.containers;
      expect(containers.map((c) => c.image)).toEqual(['reg.example/a:1.2.3', 'other/b:2']);
    });
  });
});
