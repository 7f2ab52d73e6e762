// Every manifest in k8s/ (each file as written, the Secret template included) and what each overlay renders,
// validated against the Kubernetes API schemas of kubernetes-models: each object through its kind's class and
// validate(). kubernetes-models is ESM-only, so a plain Node process does the validating (k8s-schema-check.mjs).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Located } from './k8s-manifests';
import {
  k8sDir,
  manifestFiles,
  overlayDirs,
  readObjects,
  renderKustomization,
  repoPath,
} from './k8s-manifests';

/** Schema problems of each object, one line each ("<where>: <Kind>/<name>: <path> <message>"). */
const schemaProblems = (objects: Located[]): string[] =>
  JSON.parse(
    execFileSync(process.execPath, [join(__dirname, 'k8s-schema-check.mjs')], {
      input: JSON.stringify(objects),
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  ) as string[];

describe('Kubernetes API schemas (kubernetes-models)', () => {
  it('accept every object of every file in k8s/', () => {
    const objects = manifestFiles(k8sDir).flatMap(readObjects);
    expect(objects.length).toBeGreaterThan(20);
    expect(schemaProblems(objects)).toEqual([]);
  });

  it.each(overlayDirs().map((dir) => [repoPath(dir), dir]))('accept everything %s renders', (_name, dir) => {
    const objects = renderKustomization(dir).map(({ where, object }) => ({
      where: `${repoPath(dir)} (${where})`,
      object,
    }));
    expect(schemaProblems(objects)).toEqual([]);
  });

  it('reject a wrong type, a bad quantity and an unknown kind, naming each', () => {
    const where = 'k8s/bad.yaml';
    const problems = schemaProblems([
      {
        where,
        object: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'bad' },
          spec: {
            selector: {},
            template: {
              spec: {
                containers: [
                  { name: 'a', ports: [{ containerPort: 'http' }], resources: { limits: { cpu: 'lots' } } },
                ],
              },
            },
          },
        },
      },
      { where, object: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } } },
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        `${where}: Deployment/bad: /spec/template/spec/containers/0/ports/0/containerPort must be integer`,
        `${where}: Deployment/bad: /spec/template/spec/containers/0/resources/limits/cpu must match format "quantity"`,
        `${where}: Widget/w: kubernetes-models has no schema for example.com/v1 Widget`,
      ]),
    );
  });
});
