// The deployment policy (k8s-policy.ts) over what each kustomization applies: the base `k8s/` and every overlay.
// Each rule is its own test and lists every offender, so one run names everything to fix.
import type { Located } from './k8s-manifests';
import { k8sDir, overlayDirs, renderKustomization, repoPath } from './k8s-manifests';
import { PolicyRules, imageProblems } from './k8s-policy';

const trees = [k8sDir, ...overlayDirs()].map((dir): [string, Located[]] => [
  repoPath(dir),
  renderKustomization(dir),
]);

describe.each(trees)('deployment policy: %s', (tree, objects) => {
  it.each(Object.entries(PolicyRules))('%s', (_rule, check) => {
    expect(check(objects)).toEqual([]);
  });

  if (tree.endsWith('/prod')) {
    it('pins every image to a full version or a digest', () => {
      expect(imageProblems(objects, { pinned: true })).toEqual([]);
    });
  }
});

// The rules themselves: a pod that breaks each one is named by each.
describe('deployment policy rules', () => {
  const where = 'k8s/bad.yaml';
  const bad: Located[] = [
    {
      where,
      object: {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'streamly' },
      },
    },
    {
      where,
      object: {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'bad', namespace: 'streamly' },
        spec: {
          replicas: 2,
          selector: { matchLabels: { app: 'bad' } },
          template: {
            metadata: { labels: { app: 'bad' } },
            spec: {
              hostNetwork: true,
              containers: [
                {
                  name: 'app',
                  image: 'streamly/streaming-service:latest',
                  env: [
                    { name: 'JWT_SECRET', value: 'hunter2hunter2' },
                    { name: 'SMTP_URL', value: 'smtps://mailer:pa55word@smtp.example.in:465' },
                    { name: 'MEDIA_DIR', value: '/data/media' },
                  ],
                  resources: { requests: { cpu: '2', memory: '1Gi' }, limits: { cpu: '1' } },
                  securityContext: { runAsUser: 0, capabilities: { add: ['SYS_ADMIN'] } },
                },
              ],
              volumes: [
                { name: 'host', hostPath: { path: '/' } },
                { name: 'scratch', emptyDir: {} },
              ],
            },
          },
        },
      },
    },
    {
      where,
      object: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'config', namespace: 'streamly' },
        data: { OMDB_API_KEY: 'abc' },
      },
    },
  ];
  const all = Object.values(PolicyRules).flatMap((check) => check(bad));
  const at = `${where}: Deployment/bad container app:`;

  it.each([
    `${at} no livenessProbe`,
    `${at} no readinessProbe`,
    `${at} no resources.limits.memory`,
    `${at} resources.requests.cpu 2 exceeds limits.cpu 1`,
    `${at} runAsNonRoot is not true`,
    `${at} runAsUser is 0 (root)`,
    `${at} readOnlyRootFilesystem is not true`,
    `${at} writes /tmp but no writable emptyDir/PVC is mounted there`,
    `${at} writes /data/media but no writable emptyDir/PVC is mounted there`,
    `${at} allowPrivilegeEscalation is not false`,
    `${at} capabilities.drop does not include ALL`,
    `${at} adds capability SYS_ADMIN`,
    `${at} no seccompProfile RuntimeDefault (pod or container)`,
    `${where}: Deployment/bad: hostNetwork`,
    `${where}: Deployment/bad: volume host is hostPath`,
    `${where}: Deployment/bad: emptyDir scratch has no sizeLimit`,
    `${at} image streamly/streaming-service:latest uses :latest`,
    `${at} env JWT_SECRET looks secret but is not from a secretKeyRef`,
    `${at} env SMTP_URL has a password in its URL literal`,
    `${where}: ConfigMap/config: OMDB_API_KEY looks secret; it belongs in the Secret`,
    `${where}: Deployment/bad: no PodDisruptionBudget selects its pods`,
    `${where}: Deployment/bad: no HorizontalPodAutoscaler (every Deployment is stateless)`,
    'namespace streamly: no default-deny NetworkPolicy',
    `${where}: Deployment/bad: no NetworkPolicy chooses its pods and says who may reach them`,
    `${where}: Namespace/streamly: no label pod-security.kubernetes.io/enforce: restricted`,
  ])('names %s', (problem) => {
    expect(all).toContain(problem);
  });

  it('tells an untagged image, a moving tag in production, a budget that blocks drains, a fought-over replica count', () => {
    const image = (tag: string): Located[] => [
      {
        where,
        object: {
          apiVersion: 'batch/v1',
          kind: 'Job',
          metadata: { name: 'job' },
          spec: {
            template: {
              spec: { containers: [{ name: 'c', image: `registry.example.com:5000/streamly/x${tag}` }] },
            },
          },
        },
      },
    ];
    expect(imageProblems(image(''))).toEqual([
      `${where}: Job/job container c: image registry.example.com:5000/streamly/x has no tag (means :latest)`,
    ]);
    expect(imageProblems(image(':1.2'), { pinned: true })).toHaveLength(1);
    expect(imageProblems(image(':1.2.3'), { pinned: true })).toEqual([]);
    expect(imageProblems(image(`@sha256:${'a'.repeat(64)}`), { pinned: true })).toEqual([]);

    const pdb = (minAvailable: number): Located => ({
      where,
      object: {
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name: 'bad', namespace: 'streamly' },
        spec: { minAvailable, selector: { matchLabels: { app: 'bad' } } },
      },
    });
    const budgets = (minAvailable: number) =>
      PolicyRules['a PodDisruptionBudget per workload']([...bad, pdb(minAvailable)]);
    expect(budgets(1)).toEqual([]);
    const hpa: Located = {
      where,
      object: {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'bad', namespace: 'streamly' },
        spec: { scaleTargetRef: { kind: 'Deployment', name: 'bad' }, minReplicas: 3, maxReplicas: 2 },
      },
    };
    expect(PolicyRules['an HPA per stateless Deployment']([...bad, hpa])).toEqual([
      `${where}: Deployment/bad: sets spec.replicas, which the HPA owns (an apply would reset the count)`,
      `${where}: Deployment/bad: HPA minReplicas 3 exceeds maxReplicas 2`,
    ]);
    expect(budgets(2)).toEqual([
      `${where}: Deployment/bad: PodDisruptionBudget/bad allows no eviction at 2 replica(s), so a node drain would hang`,
    ]);
  });
});
