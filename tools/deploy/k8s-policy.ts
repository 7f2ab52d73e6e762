// The deployment policy an ops team holds us to, as functions from rendered objects to problems. Each rule
// returns one line per violation ("<file>: <Kind>/<name> container <c>: <what is wrong>") so a failing test
// names every offender at once. The rules follow the restricted Pod Security Standard (which k8s/namespace.yaml
// also enforces in the cluster) plus our own: probes, resources, pinned images, secrets only from Secrets,
// a PodDisruptionBudget per workload, an HPA per stateless Deployment, default-deny NetworkPolicies.
import type { K8sObject, Labels, Located } from './k8s-manifests';
import { parseImage } from './k8s-manifests';

type Probe = Partial<Record<'httpGet' | 'tcpSocket' | 'exec' | 'grpc', unknown>>;
type SecurityContext = {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type?: string };
};
type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: unknown;
    configMapKeyRef?: unknown;
    fieldRef?: unknown;
    resourceFieldRef?: unknown;
  };
};
type Resources = { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
type Container = {
  name: string;
  image?: string;
  env?: EnvVar[];
  ports?: { hostPort?: number }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: Resources;
  securityContext?: SecurityContext;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
};
type Volume = { name: string; emptyDir?: { sizeLimit?: string | number }; [source: string]: unknown };
type PodSpec = {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
  securityContext?: SecurityContext;
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
};
type PodTemplate = { metadata?: { labels?: Labels }; spec: PodSpec };
type Selector = {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
};

export type Workload = Located & { template: PodTemplate; longRunning: boolean };

const WorkloadKinds = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet']);
const spec = (object: K8sObject): Record<string, unknown> => (object.spec ?? {}) as Record<string, unknown>;
const name = ({ object }: Located): string => `${object.kind}/${object.metadata.name}`;
const at = (located: Located): string => `${located.where}: ${name(located)}`;

/** Every pod template: Deployments and the like (long-running), Jobs and CronJobs (run to completion). */
export function workloads(objects: Located[]): Workload[] {
  return objects.flatMap((located): Workload[] => {
    const { kind } = located.object;
    const s = spec(located.object);
    if (WorkloadKinds.has(kind))
      return [{ ...located, template: s.template as PodTemplate, longRunning: true }];
    if (kind === 'Job') return [{ ...located, template: s.template as PodTemplate, longRunning: false }];
    if (kind === 'CronJob') {
      const job = (s.jobTemplate as { spec: { template: PodTemplate } }).spec;
      return [{ ...located, template: job.template, longRunning: false }];
    }
    return [];
  });
}

const containersOf = (workload: Workload): [Container, string][] => [
  ...(workload.template.spec.initContainers ?? []).map((c): [Container, string] => [
    c,
    `init container ${c.name}`,
  ]),
  ...workload.template.spec.containers.map((c): [Container, string] => [c, `container ${c.name}`]),
];

/** Runs `check` on every container of every workload; each returned message is prefixed with where it is. */
const perContainer = (
  objects: Located[],
  check: (container: Container, workload: Workload, init: boolean) => string[],
): string[] =>
  workloads(objects).flatMap((workload) =>
    containersOf(workload).flatMap(([container, label]) =>
      check(container, workload, label.startsWith('init')).map(
        (problem) => `${at(workload)} ${label}: ${problem}`,
      ),
    ),
  );

/** The container's securityContext over the pod's (the API's precedence). */
const effective = (container: Container, pod: PodSpec): SecurityContext => ({
  ...pod.securityContext,
  ...container.securityContext,
});

// ---- containers ------------------------------------------------------------------------------------------------

/** Long-running containers only: a Job's container runs to completion, where probes mean nothing. */
export const probeProblems = (objects: Located[]): string[] =>
  perContainer(objects, (container, workload, init) =>
    !workload.longRunning || init
      ? []
      : (['livenessProbe', 'readinessProbe'] as const)
          .filter((probe) => {
            const handler = container[probe];
            return !handler || !(handler.httpGet || handler.tcpSocket || handler.exec || handler.grpc);
          })
          .map((probe) => `no ${probe}`),
  );

/** `250m` → 0.25, `1` → 1; `512Mi` → bytes. NaN when the quantity is not one we understand. */
export function quantity(value: string | number | undefined): number {
  if (value === undefined) return NaN;
  const match = /^(\d+(?:\.\d+)?)(m|k|M|G|T|Ki|Mi|Gi|Ti)?$/.exec(String(value));
  if (!match) return NaN;
  const units: Record<string, number> = {
    m: 1e-3,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
  };
  return Number(match[1]) * (match[2] ? units[match[2]] : 1);
}

export const resourceProblems = (objects: Located[]): string[] =>
  perContainer(objects, ({ resources = {} }) =>
    ['cpu', 'memory'].flatMap((resource) => {
      const request = resources.requests?.[resource];
      const limit = resources.limits?.[resource];
      if (request === undefined || limit === undefined) {
        return [
          ...(request === undefined ? [`no resources.requests.${resource}`] : []),
          ...(limit === undefined ? [`no resources.limits.${resource}`] : []),
        ];
      }
      return quantity(request) <= quantity(limit)
        ? []
        : [`resources.requests.${resource} ${request} exceeds limits.${resource} ${limit}`];
    }),
  );

export const nonRootProblems = (objects: Located[]): string[] =>
  perContainer(objects, (container, workload) => {
    const context = effective(container, workload.template.spec);
    return [
      ...(context.runAsNonRoot === true ? [] : ['runAsNonRoot is not true']),
      ...(context.runAsUser === 0 ? ['runAsUser is 0 (root)'] : []),
    ];
  });

/** Is `path` on a volume the container may write (a writable mount of an emptyDir, ephemeral or PVC volume)? */
function writable(path: string, container: Container, pod: PodSpec): boolean {
  const mount = (container.volumeMounts ?? [])
    .filter(({ mountPath }) => path === mountPath || path.startsWith(`${mountPath.replace(/\/$/, '')}/`))
    .sort((a, b) => b.mountPath.length - a.mountPath.length)[0];
  const volume = mount && (pod.volumes ?? []).find((v) => v.name === mount.name);
  return (
    !!volume && !mount.readOnly && ['emptyDir', 'ephemeral', 'persistentVolumeClaim'].some((s) => s in volume)
  );
}

/** Settings that name a directory the app writes into (read from the apps' env.ts and server-core). */
export const WriteDirSettings = ['MEDIA_DIR', 'OUTBOX_DIR', 'TMPDIR'] as const;
/** Our images: Node (os.tmpdir()) and ffmpeg write temporary files under /tmp. */
const isOurImage = (image = ''): boolean => /(^|\/)streamly\/[\w.-]+$/.test(parseImage(image).name);

export const readOnlyRootProblems = (objects: Located[]): string[] =>
  perContainer(objects, (container, workload) => {
    const pod = workload.template.spec;
    const dirs = [
      ...(isOurImage(container.image) ? ['/tmp'] : []),
      ...(container.env ?? [])
        .filter((v) => (WriteDirSettings as readonly string[]).includes(v.name) && v.value?.startsWith('/'))
        .map((v) => v.value as string),
    ];
    return [
      ...(container.securityContext?.readOnlyRootFilesystem === true
        ? []
        : ['readOnlyRootFilesystem is not true']),
      ...dirs
        .filter((dir) => !writable(dir, container, pod))
        .map((dir) => `writes ${dir} but no writable emptyDir/PVC is mounted there`),
    ];
  });

export const privilegeProblems = (objects: Located[]): string[] =>
  perContainer(objects, (container, workload) => {
    const context = effective(container, workload.template.spec);
    const own = container.securityContext ?? {};
    const added = (own.capabilities?.add ?? []).filter((cap) => cap !== 'NET_BIND_SERVICE');
    return [
      ...(own.allowPrivilegeEscalation === false ? [] : ['allowPrivilegeEscalation is not false']),
      ...(own.privileged ? ['privileged'] : []),
      ...((own.capabilities?.drop ?? []).includes('ALL') ? [] : ['capabilities.drop does not include ALL']),
      ...added.map((cap) => `adds capability ${cap}`),
      ...(['RuntimeDefault', 'Localhost'].includes(context.seccompProfile?.type ?? '')
        ? []
        : ['no seccompProfile RuntimeDefault (pod or container)']),
      ...(container.ports ?? []).filter((p) => p.hostPort).map((p) => `hostPort ${p.hostPort}`),
    ];
  });

/** Host namespaces and volume types outside the restricted Pod Security Standard's list. */
export const podSecurityProblems = (objects: Located[]): string[] => {
  const allowedVolumes = [
    'configMap',
    'csi',
    'downwardAPI',
    'emptyDir',
    'ephemeral',
    'persistentVolumeClaim',
    'projected',
    'secret',
  ];
  return workloads(objects).flatMap((workload) => {
    const pod = workload.template.spec;
    return [
      ...(['hostNetwork', 'hostPID', 'hostIPC'] as const)
        .filter((field) => pod[field])
        .map((field) => `${field}`),
      ...(pod.volumes ?? []).flatMap((volume) =>
        Object.keys(volume)
          .filter((key) => key !== 'name' && !allowedVolumes.includes(key))
          .map((key) => `volume ${volume.name} is ${key}`),
      ),
    ].map((problem) => `${at(workload)}: ${problem}`);
  });
};

const SemVer = /^v?\d+\.\d+\.\d+(?:-[\w.]+)?(?:\+[\w.]+)?$/;

/**
 * Every image names a tag that is not `latest` (or a digest). `pinned`: a full version (x.y.z) or a digest, for
 * production, where a moving tag such as `7` or `dev` would change what runs without a change here.
 */
export const imageProblems = (objects: Located[], { pinned = false } = {}): string[] =>
  perContainer(objects, ({ image }) => {
    if (!image) return ['no image'];
    const { tag, digest } = parseImage(image);
    if (digest) return /^sha256:[a-f0-9]{64}$/.test(digest) ? [] : [`image ${image} has a malformed digest`];
    if (!tag) return [`image ${image} has no tag (means :latest)`];
    if (tag === 'latest') return [`image ${image} uses :latest`];
    return pinned && !SemVer.test(tag) ? [`image ${image} is not pinned to a full version or digest`] : [];
  });

// ---- secrets ---------------------------------------------------------------------------------------------------

/** Names that hold a secret by their look; such values come from a Secret, never a literal or a ConfigMap. */
export const SecretLookingName =
  /(SECRET|PASSWORD|PASSWD|PASSPHRASE|PRIVATE_KEY|CREDENTIALS?|CREDS|API_KEY|HMAC_KEY|ACCESS_KEY|NKEY|(^|_)TOKEN$|(^|_)SEED$)/;
/** A URL carrying a password (`scheme://user:password@host`). */
const CredentialUrl = /[a-z][\w+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i;

export const secretProblems = (objects: Located[]): string[] => [
  ...perContainer(objects, ({ env = [] }) =>
    env.flatMap((variable) => [
      ...(SecretLookingName.test(variable.name) && !variable.valueFrom?.secretKeyRef
        ? [`env ${variable.name} looks secret but is not from a secretKeyRef`]
        : []),
      ...(variable.value && CredentialUrl.test(variable.value)
        ? [`env ${variable.name} has a password in its URL literal`]
        : []),
    ]),
  ),
  ...objects
    .filter(({ object }) => object.kind === 'ConfigMap')
    .flatMap((located) =>
      Object.entries((located.object.data ?? {}) as Record<string, string>).flatMap(([key, value]) => [
        ...(SecretLookingName.test(key)
          ? [`${at(located)}: ${key} looks secret; it belongs in the Secret`]
          : []),
        ...(CredentialUrl.test(String(value)) ? [`${at(located)}: ${key} has a password in its URL`] : []),
      ]),
    ),
  // The Secret is created out of band (k8s/secrets.example.yaml): an apply must never carry one with values.
  ...objects
    .filter(({ object }) => object.kind === 'Secret' && (object.data || object.stringData))
    .map((located) => `${at(located)}: a Secret with values is applied with the manifests`),
];

// ---- workloads: disruption budgets, autoscalers, network policies ------------------------------------------------

const selects = (selector: Selector | undefined, labels: Labels): boolean =>
  !!selector &&
  (Object.keys(selector.matchLabels ?? {}).length > 0 || (selector.matchExpressions ?? []).length > 0) &&
  Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
  (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return values.includes(labels[key]);
      case 'NotIn':
        return !values.includes(labels[key]);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
      default:
        return false;
    }
  });

const ofKind = (objects: Located[], kind: string): Located[] =>
  objects.filter(({ object }) => object.kind === kind);
const sameNamespace = (a: Located, b: Located): boolean =>
  a.object.metadata.namespace === b.object.metadata.namespace;
const podLabels = (workload: Workload): Labels => workload.template.metadata?.labels ?? {};

type Hpa = { scaleTargetRef: { kind: string; name: string }; minReplicas?: number; maxReplicas: number };
const hpaFor = (objects: Located[], workload: Workload): Hpa | undefined =>
  ofKind(objects, 'HorizontalPodAutoscaler')
    .filter((hpa) => sameNamespace(hpa, workload))
    .map((hpa) => hpa.object.spec as Hpa)
    .find(
      (hpa) =>
        hpa.scaleTargetRef.kind === workload.object.kind &&
        hpa.scaleTargetRef.name === workload.object.metadata.name,
    );

/** The fewest pods a workload runs: its HPA's minReplicas, else spec.replicas (default 1). */
export const minReplicas = (objects: Located[], workload: Workload): number =>
  hpaFor(objects, workload)?.minReplicas ?? (spec(workload.object).replicas as number | undefined) ?? 1;

/**
 * Every long-running workload has a PodDisruptionBudget over its pods, and that budget lets a drain evict at
 * least one pod when the workload runs its fewest replicas (else node maintenance blocks forever).
 */
export const disruptionBudgetProblems = (objects: Located[]): string[] =>
  workloads(objects)
    .filter((workload) => workload.longRunning && workload.object.kind !== 'DaemonSet')
    .flatMap((workload) => {
      const budgets = ofKind(objects, 'PodDisruptionBudget').filter(
        (pdb) =>
          sameNamespace(pdb, workload) &&
          selects((pdb.object.spec as { selector?: Selector }).selector, podLabels(workload)),
      );
      if (budgets.length === 0) return [`${at(workload)}: no PodDisruptionBudget selects its pods`];
      const fewest = minReplicas(objects, workload);
      return budgets.flatMap((pdb) => {
        const { minAvailable, maxUnavailable } = pdb.object.spec as {
          minAvailable?: number | string;
          maxUnavailable?: number | string;
        };
        const blocks =
          (typeof minAvailable === 'number' && minAvailable >= fewest) ||
          maxUnavailable === 0 ||
          minAvailable === '100%' ||
          maxUnavailable === '0%';
        return blocks
          ? [
              `${at(workload)}: ${name(pdb)} allows no eviction at ${fewest} replica(s), so a node drain would hang`,
            ]
          : [];
      });
    });

/**
 * Every Deployment is stateless (state lives in MongoDB, Redis, object storage), so each has an HPA, with sane
 * bounds, and no spec.replicas of its own (an apply would reset what the HPA chose). StatefulSets hold state.
 */
export const autoscalerProblems = (objects: Located[]): string[] => [
  ...workloads(objects)
    .filter(({ object }) => object.kind === 'Deployment')
    .flatMap((workload) => {
      const hpa = hpaFor(objects, workload);
      if (!hpa) return [`${at(workload)}: no HorizontalPodAutoscaler (every Deployment is stateless)`];
      return [
        ...(spec(workload.object).replicas !== undefined
          ? [`${at(workload)}: sets spec.replicas, which the HPA owns (an apply would reset the count)`]
          : []),
        ...((hpa.minReplicas ?? 1) <= hpa.maxReplicas
          ? []
          : [`${at(workload)}: HPA minReplicas ${hpa.minReplicas} exceeds maxReplicas ${hpa.maxReplicas}`]),
      ];
    }),
  ...ofKind(objects, 'HorizontalPodAutoscaler')
    .filter((hpa) => {
      const { kind, name: target } = (hpa.object.spec as Hpa).scaleTargetRef;
      return !objects.some(
        (other) =>
          other.object.kind === kind && other.object.metadata.name === target && sameNamespace(hpa, other),
      );
    })
    .map((hpa) => `${at(hpa)}: scales a workload that does not exist`),
];

type NetworkPolicy = {
  podSelector: Selector;
  policyTypes?: string[];
  ingress?: unknown[];
  egress?: unknown[];
};

/**
 * A default-deny policy (every pod, both directions, no rule) in every namespace that runs workloads, and each
 * workload's pods chosen by some other policy that opens the paths it needs (else it could not be reached).
 */
export const networkPolicyProblems = (objects: Located[]): string[] => {
  const policies = ofKind(objects, 'NetworkPolicy');
  const namespaces = [...new Set(workloads(objects).map(({ object }) => object.metadata.namespace))];
  const isDenyAll = ({ object }: Located): boolean => {
    const policy = object.spec as NetworkPolicy;
    return (
      Object.keys(policy.podSelector ?? {}).length === 0 &&
      ['Ingress', 'Egress'].every((type) => policy.policyTypes?.includes(type)) &&
      !policy.ingress?.length &&
      !policy.egress?.length
    );
  };
  return [
    ...namespaces
      .filter((namespace) => !policies.some((p) => p.object.metadata.namespace === namespace && isDenyAll(p)))
      .map((namespace) => `namespace ${namespace ?? '(none)'}: no default-deny NetworkPolicy`),
    ...workloads(objects)
      .filter(
        (workload) =>
          !policies.some(
            (p) =>
              sameNamespace(p, workload) &&
              (p.object.spec as NetworkPolicy).policyTypes?.includes('Ingress') &&
              selects((p.object.spec as NetworkPolicy).podSelector, podLabels(workload)),
          ),
      )
      .map((workload) => `${at(workload)}: no NetworkPolicy chooses its pods and says who may reach them`),
  ];
};

/** Every emptyDir is capped: without sizeLimit a pod's scratch can fill its node's disk and evict its neighbours. */
export const scratchLimitProblems = (objects: Located[]): string[] =>
  workloads(objects).flatMap((workload) =>
    (workload.template.spec.volumes ?? [])
      .filter((volume) => volume.emptyDir && volume.emptyDir.sizeLimit === undefined)
      .map((volume) => `${at(workload)}: emptyDir ${volume.name} has no sizeLimit`),
  );

/** The namespace asks the cluster to enforce the restricted Pod Security Standard, as these rules do offline. */
export const namespaceProblems = (objects: Located[]): string[] =>
  ofKind(objects, 'Namespace')
    .filter((ns) => ns.object.metadata.labels?.['pod-security.kubernetes.io/enforce'] !== 'restricted')
    .map((ns) => `${at(ns)}: no label pod-security.kubernetes.io/enforce: restricted`);

/** Every rule by the name the tests report it under. */
export const PolicyRules = {
  'liveness and readiness probes': probeProblems,
  'resource requests and limits': resourceProblems,
  'non-root': nonRootProblems,
  'read-only root filesystem, writable mounts where the app writes': readOnlyRootProblems,
  'no privilege escalation, all capabilities dropped, seccomp': privilegeProblems,
  'no host namespaces or host volumes': podSecurityProblems,
  'every emptyDir capped (sizeLimit)': scratchLimitProblems,
  'no :latest or untagged image': imageProblems,
  'no secret literal': secretProblems,
  'a PodDisruptionBudget per workload': disruptionBudgetProblems,
  'an HPA per stateless Deployment': autoscalerProblems,
  'default-deny NetworkPolicies': networkPolicyProblems,
  'restricted Pod Security Standard enforced': namespaceProblems,
} satisfies Record<string, (objects: Located[]) => string[]>;
