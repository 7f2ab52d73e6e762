// Guards the deployment files (Dockerfile, docker-compose.yml, k8s/) against drift: every app is
// deployed everywhere, probes and resources are set, and kustomize applies every manifest.
// Each check collects problems and compares them with [] so one run names every app and what it lacks.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse, parseAllDocuments } from 'yaml';
import { GATEWAY_DEFAULT_PORT, NATS_DEFAULT_PORT, ServiceDefaults, ServiceNames } from '@app/contracts';

/** Every deployable app: the gateway and the services behind it. */
const Apps = [
  'api-gateway',
  'auth-service',
  'catalogue-service',
  'user-data-service',
  'payment-service',
  'streaming-service',
  'recommendation-service',
] as const;
type App = (typeof Apps)[number];
const Gateway: App = 'api-gateway';

type Labels = Record<string, string>;
type Probe = { httpGet?: { path?: string; port?: number | string } };
type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } };
type Container = {
  name: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
};
type K8sObject = { kind: string; metadata: { name: string } };
type PodTemplate = { metadata?: { labels?: Labels }; spec: { containers: Container[] } };
type Deployment = K8sObject & { spec: { template: PodTemplate } };
type ServicePort = { name?: string; port: number };
type Service = K8sObject & { spec: { type?: string; selector?: Labels; ports?: ServicePort[] } };
type IngressBackend = { service?: { name: string; port: { name?: string; number?: number } } };
type IngressPath = { path: string; backend: IngressBackend };
type Ingress = K8sObject & { spec: { rules?: { http?: { paths: IngressPath[] } }[] } };
type ConfigMap = K8sObject & { data?: Record<string, string> };
type Selector = {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists'; values?: string[] }[];
};
type PolicyPeer = { podSelector?: Selector; namespaceSelector?: Selector };
type PolicyPort = { port?: string | number };
type NetworkPolicy = K8sObject & {
  spec: {
    podSelector: Selector;
    policyTypes?: string[];
    ingress?: { from?: PolicyPeer[]; ports?: PolicyPort[] }[];
    egress?: { to?: PolicyPeer[]; ports?: PolicyPort[] }[];
  };
};
/** A pod as NetworkPolicies see it: its labels and its namespace (namespaces carry kubernetes.io/metadata.name). */
type Peer = { namespace: string; labels: Labels };

const selects = (selector: Selector, labels: Labels): boolean =>
  Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
  (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) =>
    operator === 'Exists'
      ? key in labels
      : operator === 'In'
        ? values.includes(labels[key])
        : !values.includes(labels[key]),
  );

/** Whether a `from`/`to` peer of a policy in namespace `home` matches `peer` (the API's rules). */
const peerMatches = (rule: PolicyPeer, peer: Peer, home: string): boolean => {
  const inNamespace = rule.namespaceSelector
    ? selects(rule.namespaceSelector, { 'kubernetes.io/metadata.name': peer.namespace })
    : peer.namespace === home;
  return inNamespace && (!rule.podSelector || selects(rule.podSelector, peer.labels));
};

const portMatches = (ports: PolicyPort[] | undefined, port: string | number) =>
  !ports || ports.some((p) => p.port === undefined || p.port === port);

/** Can `from` open a connection to `to`'s port? Policies of the `streamly` namespace decide the receiving side. */
const allowed = (policies: NetworkPolicy[], from: Peer, to: Peer, port: string | number): boolean => {
  const applying = policies.filter(
    (policy) => selects(policy.spec.podSelector, to.labels) && policy.spec.policyTypes?.includes('Ingress'),
  );
  return applying.some((policy) =>
    (policy.spec.ingress ?? []).some(
      (rule) =>
        (!rule.from || rule.from.some((peer) => peerMatches(peer, from, to.namespace))) &&
        portMatches(rule.ports, port),
    ),
  );
};

/** Do `from`'s own Egress policies let it open a connection to pod `to` on `port`? */
const egressAllowedTo = (policies: NetworkPolicy[], from: Peer, to: Peer, port: string | number): boolean =>
  policies
    .filter(
      (policy) =>
        selects(policy.spec.podSelector, from.labels) && policy.spec.policyTypes?.includes('Egress'),
    )
    .some((policy) =>
      (policy.spec.egress ?? []).some(
        (rule) =>
          (!rule.to || rule.to.some((peer) => peerMatches(peer, to, from.namespace))) &&
          portMatches(rule.ports, port),
      ),
    );

/** Pod to pod: both the sender's egress and the receiver's ingress must allow it. */
const reaches = (policies: NetworkPolicy[], from: Peer, to: Peer, port: string | number): boolean =>
  egressAllowedTo(policies, from, to, port) && allowed(policies, from, to, port);

/** May `from` send to `port` of a host outside the cluster (MongoDB, Redis)? */
const egressAllowed = (policies: NetworkPolicy[], from: Peer, port: number): boolean =>
  policies
    .filter(
      (policy) =>
        selects(policy.spec.podSelector, from.labels) && policy.spec.policyTypes?.includes('Egress'),
    )
    .some((policy) => (policy.spec.egress ?? []).some((rule) => !rule.to && portMatches(rule.ports, port)));
type ComposeService = {
  environment?: Record<string, string | number>;
  build?: string | { args?: Record<string, string | number> };
  depends_on?: string[] | Record<string, { condition?: string }>;
};

const root = join(__dirname, '..', '..');
const readRepoFile = (path: string): string => readFileSync(join(root, path), 'utf8');
const isYaml = (file: string): boolean => /\.ya?ml$/.test(file);

// Compose files use YAML merge keys (<<: *anchor), which the yaml package applies only when asked.
const compose = parse(readRepoFile('docker-compose.yml'), { merge: true }) as {
  services?: Record<string, ComposeService>;
};
const composeServices = compose.services ?? {};

const k8sFiles = readdirSync(join(root, 'k8s')).filter(isYaml);
const k8sObjects: K8sObject[] = k8sFiles.flatMap((file) =>
  parseAllDocuments(readRepoFile(join('k8s', file))).flatMap((doc) => {
    if (doc.errors.length > 0) {
      throw new Error(`k8s/${file}: ${doc.errors.map((error) => error.message).join('; ')}`);
    }
    const object: unknown = doc.toJS();
    return object ? [object as K8sObject] : [];
  }),
);
const ofKind = <T extends K8sObject>(kind: string): T[] =>
  k8sObjects.filter((object): object is T => object.kind === kind);
const deployments = ofKind<Deployment>('Deployment');
const services = ofKind<Service>('Service');
const findNamed = <T extends K8sObject>(objects: T[], name: string): T | undefined =>
  objects.find((object) => object.metadata.name === name);

/** Differences between what a file sets (`actual`) and the `ServiceDefaults` table (`expected`), by key. */
const mismatches = (
  where: string,
  expected: Record<string, string | number>,
  actual: Record<string, unknown>,
): string[] =>
  Object.entries(expected)
    .filter(([key, value]) => String(actual[key]) !== String(value))
    .map(([key, value]) => `${where}: ${key} is ${String(actual[key])}, the table says ${value}`);

/** What each service's own settings must be, from the table (its RPC comes over NATS: no port of its own). */
const serviceSettings = (name: (typeof ServiceNames)[number]) => ({
  HTTP_PORT: ServiceDefaults[name].httpPort,
  MONGODB_DB: ServiceDefaults[name].db,
});

/** What the gateway must be told besides NATS: the streaming service's HTTP URL (the dev /stream proxy). */
const gatewaySettings = () => ({
  STREAMING_HTTP_URL: `http://streaming-service:${ServiceDefaults['streaming-service'].httpPort}`,
});

/** Where every app finds NATS: compose's one server, k8s' three nodes (nats.yaml), at NATS' client port. */
const natsUrls = {
  compose: `nats://nats:${NATS_DEFAULT_PORT}`,
  k8s: [0, 1, 2].map((node) => `nats://nats-${node}.nats:${NATS_DEFAULT_PORT}`).join(','),
};

const containerEnv = (container: Container | undefined): Record<string, string | undefined> =>
  Object.fromEntries((container?.env ?? []).map((variable) => [variable.name, variable.value]));

function containerProblems(deployment: Deployment, container: Container): string[] {
  const where = `${deployment.metadata.name} (container ${container.name})`;
  const declared = new Set<string | number>(
    (container.ports ?? []).flatMap((p) => (p.name ? [p.name, p.containerPort] : [p.containerPort])),
  );
  const probes = (['livenessProbe', 'readinessProbe'] as const).flatMap((probe) => {
    const port = container[probe]?.httpGet?.port;
    if (port === undefined) return [`${where}: no ${probe} with httpGet`];
    return declared.has(port) ? [] : [`${where}: ${probe} port ${port} is not a declared container port`];
  });
  const resources = (['requests', 'limits'] as const).flatMap((kind) =>
    ['cpu', 'memory']
      .filter((resource) => !container.resources?.[kind]?.[resource])
      .map((resource) => `${where}: no resources.${kind}.${resource}`),
  );
  return [...probes, ...resources];
}

function serviceProblems(app: App, service: Service, deployment: Deployment): string[] {
  const { type, ports = [], selector = {} } = service.spec;
  const portNames = ports.map((port) => port.name);
  // No app has an RPC port: the gateway's requests reach the services through NATS.
  const wantedPorts = ['http'];
  const podLabels = deployment.spec.template.metadata?.labels ?? {};
  const selectorPairs = Object.entries(selector);
  const selectsPods =
    selectorPairs.length > 0 && selectorPairs.every(([key, value]) => podLabels[key] === value);
  return [
    ...(type === undefined || type === 'ClusterIP' ? [] : [`${app}: Service is ${type}, not ClusterIP`]),
    ...wantedPorts
      .filter((name) => !portNames.includes(name))
      .map((name) => `${app}: Service has no port named ${name}`),
    ...(selectsPods ? [] : [`${app}: Service selector does not match the Deployment's pod labels`]),
  ];
}

function ingressBackendProblems({ path, backend }: IngressPath): string[] {
  const target = backend.service;
  const service = target && findNamed(services, target.name);
  if (!target || !service) return [`ingress ${path}: backend Service ${target?.name} does not exist`];
  const known = (service.spec.ports ?? []).some(
    (port) => port.name === target.port.name || port.port === target.port.number,
  );
  return known ? [] : [`${target.name}: ingress ${path} uses a port its Service does not define`];
}

describe('deployment manifests', () => {
  it('list every service the contracts name', () => {
    const listed: readonly string[] = Apps;
    const problems = ServiceNames.filter((name) => !listed.includes(name)).map(
      (name) => `${name}: in @app/contracts ServiceNames but not in this spec's Apps`,
    );
    expect(problems).toEqual([]);
  });

  describe('docker-compose.yml', () => {
    it('has a service per app, built from the Dockerfile with APP set to its name', () => {
      const problems = Apps.flatMap((app) => {
        const service = composeServices[app];
        if (!service) return [`${app}: no compose service`];
        const args = typeof service.build === 'object' ? service.build.args : undefined;
        return args?.APP === app ? [] : [`${app}: build.args.APP is ${String(args?.APP)}, expected ${app}`];
      });
      expect(problems).toEqual([]);
    });

    it('gives every service the ports and database of the ServiceDefaults table, and every app the NATS server', () => {
      const problems = [
        ...ServiceNames.flatMap((name) =>
          mismatches(`compose ${name}`, serviceSettings(name), composeServices[name]?.environment ?? {}),
        ),
        ...Apps.flatMap((app) =>
          mismatches(
            `compose ${app}`,
            { NATS_URL: natsUrls.compose },
            composeServices[app]?.environment ?? {},
          ),
        ),
        ...mismatches(
          `compose ${Gateway}`,
          { ...gatewaySettings(), PORT: GATEWAY_DEFAULT_PORT },
          composeServices[Gateway]?.environment ?? {},
        ),
      ];
      expect(problems).toEqual([]);
    });

    it('gives no secret a default, so compose refuses to start without real ones (issue 14, findings 3 and 4)', () => {
      const text = readRepoFile('docker-compose.yml');
      const secrets = [
        'JWT_SECRET',
        'ALTCHA_HMAC_KEY',
        'OTP_HMAC_KEY',
        'STREAM_TOKEN_SECRET',
        'SMTP_URL',
        'RAZORPAY_KEY_SECRET',
        'RAZORPAY_WEBHOOK_SECRET',
      ];
      const problems = secrets.flatMap((name) =>
        new RegExp(`\\$\\{${name}:\\?`).test(text) ? [] : [`${name} is not required (\${${name}:?…})`],
      );
      expect(problems).toEqual([]);
      expect(text).not.toMatch(/change-me/i);
    });

    it("serves the gateway's /metrics on an unpublished port (issue 14, finding 10)", () => {
      const gatewayEnv = composeServices[Gateway]?.environment ?? {};
      const raw = parse(readRepoFile('docker-compose.yml'), { merge: true }) as {
        services: Record<string, { ports?: string[] }>;
      };
      const published = (raw.services[Gateway]?.ports ?? []).map((port) => port.split(':').pop());
      expect(gatewayEnv.METRICS_PORT).toBeDefined();
      expect(published).not.toContain(String(gatewayEnv.METRICS_PORT));
    });

    it('keeps the dev mail catcher behind the dev profile, on this machine only', () => {
      const raw = parse(readRepoFile('docker-compose.yml'), { merge: true }) as {
        services: Record<string, { profiles?: string[]; ports?: string[] }>;
      };
      const mailpit = raw.services.mailpit;
      expect(mailpit.profiles).toEqual(['dev']);
      expect(mailpit.ports?.every((port) => port.startsWith('127.0.0.1:'))).toBe(true);
    });

    it('starts every service only once mongo, redis and nats are healthy, and the gateway once nats is', () => {
      const problems = Apps.flatMap((app) => {
        const dependsOn = composeServices[app]?.depends_on;
        return (app === Gateway ? ['nats'] : ['mongo', 'redis', 'nats']).flatMap((dependency) => {
          const condition = Array.isArray(dependsOn) ? undefined : dependsOn?.[dependency]?.condition;
          return condition === 'service_healthy'
            ? []
            : [`${app}: depends_on.${dependency} is not service_healthy`];
        });
      });
      expect(problems).toEqual([]);
    });
  });

  describe('k8s', () => {
    it('has a Deployment and a Service per app', () => {
      const problems = Apps.flatMap((app) => [
        ...(findNamed(deployments, app) ? [] : [`${app}: no k8s Deployment`]),
        ...(findNamed(services, app) ? [] : [`${app}: no k8s Service`]),
      ]);
      expect(problems).toEqual([]);
    });

    it('gives every container httpGet liveness/readiness probes on a declared port, and resources', () => {
      const problems = deployments.flatMap((deployment) =>
        deployment.spec.template.spec.containers.flatMap((c) => containerProblems(deployment, c)),
      );
      expect(problems).toEqual([]);
    });

    it('exposes each app through a ClusterIP Service with named ports that selects its pods', () => {
      const problems = Apps.flatMap((app) => {
        const service = findNamed(services, app);
        const deployment = findNamed(deployments, app);
        // A missing one is reported by the Deployment-and-Service check.
        return service && deployment ? serviceProblems(app, service, deployment) : [];
      });
      expect(problems).toEqual([]);
    });

    it('runs every service on the ports and database of the ServiceDefaults table, with no RPC port', () => {
      const problems = ServiceNames.flatMap((name) => {
        const container = findNamed(deployments, name)?.spec.template.spec.containers.find(
          (c) => c.name === name,
        );
        const containerPorts = Object.fromEntries(
          (container?.ports ?? []).map((port) => [port.name, port.containerPort]),
        );
        const servicePorts = Object.fromEntries(
          (findNamed(services, name)?.spec.ports ?? []).map((port) => [port.name, port.port]),
        );
        const only = { http: ServiceDefaults[name].httpPort };
        const extra = (where: string, ports: Record<string, unknown>) =>
          Object.keys(ports)
            .filter((port) => !(port in only))
            .map(
              (port) =>
                `k8s ${name} ${where} ${port}: services take RPC from NATS, they listen for it on nothing`,
            );
        return [
          ...mismatches(`k8s ${name} env`, serviceSettings(name), containerEnv(container)),
          ...mismatches(`k8s ${name} containerPort`, only, containerPorts),
          ...mismatches(`k8s ${name} Service port`, only, servicePorts),
          ...extra('containerPort', containerPorts),
          ...extra('Service port', servicePorts),
        ];
      });
      expect(problems).toEqual([]);
    });

    it('points every app at the NATS cluster and the gateway at the streaming HTTP URL, on the gateway port', () => {
      const config = ofKind<ConfigMap>('ConfigMap').find((map) => map.metadata.name === 'streamly-config');
      const gateway = findNamed(deployments, Gateway)?.spec.template.spec.containers.find(
        (c) => c.name === Gateway,
      );
      const gatewayPorts = Object.fromEntries(
        (gateway?.ports ?? []).map((port) => [port.name, port.containerPort]),
      );
      const servicePorts = Object.fromEntries(
        (findNamed(services, Gateway)?.spec.ports ?? []).map((port) => [port.name, port.port]),
      );
      expect([
        ...mismatches(
          'k8s streamly-config',
          { ...gatewaySettings(), NATS_URL: natsUrls.k8s },
          config?.data ?? {},
        ),
        ...Object.keys(config?.data ?? {})
          .filter((key) => /_ADDR$|^TCP_/.test(key))
          .map((key) => `k8s streamly-config: ${key} is a setting of the TCP transport, which is gone`),
        ...mismatches(`k8s ${Gateway} env`, { PORT: GATEWAY_DEFAULT_PORT }, containerEnv(gateway)),
        ...mismatches(`k8s ${Gateway} containerPort`, { http: GATEWAY_DEFAULT_PORT }, gatewayPorts),
        ...mismatches(`k8s ${Gateway} Service port`, { http: GATEWAY_DEFAULT_PORT }, servicePorts),
      ]).toEqual([]);
    });

    describe('NATS (issue 15)', () => {
      const statefulSet = ofKind<K8sObject & { spec: { replicas?: number; serviceName?: string } }>(
        'StatefulSet',
      ).find((object) => object.metadata.name === 'nats');
      const natsService = findNamed(services, 'nats') as
        (Service & { spec: { clusterIP?: string } }) | undefined;
      const conf = ofKind<ConfigMap>('ConfigMap').find((map) => map.metadata.name === 'nats-config')?.data?.[
        'nats.conf'
      ];
      const passwordKey = (app: App) => `NATS_PASSWORD_${app.toUpperCase().replaceAll('-', '_')}`;
      /** Each `user:` block of nats.conf: its password variable and subject lists. */
      const users = new Map(
        (conf ?? '')
          .split(/\buser:\s*/)
          .slice(1)
          .map((block) => {
            const list = (key: string) =>
              /^\s*\[/.test(block.split(`${key}:`)[1] ?? '')
                ? [...(/\[([^\]]*)\]/.exec(block.split(`${key}:`)[1])?.[1] ?? '').matchAll(/"([^"]+)"/g)].map(
                    (match) => match[1],
                  )
                : [...(/^\s*"([^"]+)"/.exec(block.split(`${key}:`)[1] ?? '') ?? [])].slice(1);
            return [
              /^[\w-]+/.exec(block)?.[0] ?? '',
              {
                password: /password:\s*\$(\w+)/.exec(block)?.[1],
                publish: list('publish'),
                subscribe: list('subscribe'),
                responds: /allow_responses:\s*true/.test(block),
              },
            ] as const;
          }),
      );
      const ownSubjects = (name: (typeof ServiceNames)[number]) => [
        `${ServiceDefaults[name].subject}.>`,
        `${name}.health`,
      ];

      it('runs as a 3-node StatefulSet behind a headless Service, with a PodDisruptionBudget', () => {
        expect(statefulSet?.spec).toMatchObject({ replicas: 3, serviceName: 'nats' });
        expect(natsService?.spec.clusterIP).toBe('None');
        expect(ofKind('PodDisruptionBudget').map((pdb) => pdb.metadata.name)).toContain('nats');
        expect(conf).toContain('nats://nats-2.nats:6222');
      });

      it('signs every app in as its own user, with its own key of the streamly-nats Secret', () => {
        const secretKeys = Object.keys(
          (ofKind('Secret') as (K8sObject & { stringData?: Record<string, string> })[]).find(
            (secret) => secret.metadata.name === 'streamly-nats',
          )?.stringData ?? {},
        );
        const problems = Apps.flatMap((app) => {
          const env = findNamed(deployments, app)?.spec.template.spec.containers.find(
            (c) => c.name === app,
          )?.env;
          const user = env?.find((variable) => variable.name === 'NATS_USER')?.value;
          const password = env?.find((variable) => variable.name === 'NATS_PASSWORD')?.valueFrom
            ?.secretKeyRef;
          return [
            ...(user === app ? [] : [`${app}: NATS_USER is ${user}`]),
            ...(password?.name === 'streamly-nats' && password.key === passwordKey(app)
              ? []
              : [`${app}: NATS_PASSWORD is not streamly-nats/${passwordKey(app)}`]),
            ...(secretKeys.includes(passwordKey(app))
              ? []
              : [`secrets.example.yaml: no ${passwordKey(app)}`]),
            ...(users.get(app)?.password === passwordKey(app)
              ? []
              : [`nats.conf: user ${app} not on $${passwordKey(app)}`]),
          ];
        });
        expect(problems).toEqual([]);
      });

      it('lets a service take requests on its own subjects only and send nothing but replies', () => {
        const problems = ServiceNames.flatMap((name) => {
          const user = users.get(name);
          return [
            ...(isDeepStrictEqual(user?.subscribe, ownSubjects(name))
              ? []
              : [`${name}: subscribes to ${String(user?.subscribe)}, not ${String(ownSubjects(name))}`]),
            ...(user?.responds && user.publish.length === 0
              ? []
              : [`${name}: may publish more than replies`]),
          ];
        });
        expect(problems).toEqual([]);
      });

      it("lets the gateway send to the services' subjects and read its own replies, nothing more", () => {
        const gateway = users.get(Gateway);
        expect(gateway?.publish).toEqual(ServiceNames.flatMap(ownSubjects));
        expect(gateway?.subscribe).toEqual(['_INBOX.>']);
      });
    });

    it('routes /api and / to the gateway and /stream to the stream edge', () => {
      const paths = ofKind<Ingress>('Ingress').flatMap((ingress) =>
        (ingress.spec.rules ?? []).flatMap((rule) => rule.http?.paths ?? []),
      );
      const routes: [string, string][] = [
        ['/api', Gateway],
        ['/', Gateway],
        ['/stream', 'stream-edge'],
      ];
      const routeProblems = routes.flatMap(([path, app]) =>
        paths.find((p) => p.path === path)?.backend.service?.name === app
          ? []
          : [`${app}: ingress does not route ${path} to it`],
      );
      expect([...routeProblems, ...paths.flatMap(ingressBackendProblems)]).toEqual([]);
    });

    describe('NetworkPolicies (issue 14, finding 7)', () => {
      const namespace = 'streamly';
      const policies = ofKind<NetworkPolicy>('NetworkPolicy');
      const gateway: Peer = { namespace, labels: { 'app.kubernetes.io/name': Gateway } };
      const ingressController: Peer = {
        namespace: 'ingress-nginx',
        labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
      };
      const prometheus: Peer = {
        namespace: 'monitoring',
        labels: { 'app.kubernetes.io/name': 'prometheus' },
      };
      const pod = (app: string): Peer => ({ namespace, labels: { 'app.kubernetes.io/name': app } });
      const Services = Apps.filter((app) => app !== Gateway);

      it('deny everything in the namespace unless a policy opens it', () => {
        const denyAll = policies.find(
          (policy) =>
            Object.keys(policy.spec.podSelector).length === 0 &&
            ['Ingress', 'Egress'].every((type) => policy.spec.policyTypes?.includes(type)) &&
            !policy.spec.ingress &&
            !policy.spec.egress,
        );
        expect(denyAll?.metadata.name).toBe('default-deny');
      });

      it('let the gateway and every service reach NATS, the nodes each other, and nothing else in (issue 15)', () => {
        const nats = pod('nats');
        const problems = [
          ...Apps.filter((app) => !reaches(policies, pod(app), nats, 'client')).map(
            (app) => `${app} cannot reach NATS`,
          ),
          ...[ingressController, prometheus, pod('catalogue-seed')]
            .filter((peer) => reaches(policies, peer, nats, 'client'))
            .map((peer) => `${peer.labels['app.kubernetes.io/name']} reaches NATS' client port`),
          ...Apps.filter((app) => reaches(policies, pod(app), nats, 'cluster')).map(
            (app) => `${app} reaches NATS' cluster port`,
          ),
          ...(reaches(policies, nats, nats, 'cluster') ? [] : ['NATS nodes cannot route to each other']),
          ...(allowed(policies, prometheus, nats, 'monitor') ? [] : ['Prometheus cannot scrape NATS']),
        ];
        expect(problems).toEqual([]);
      });

      it('let nothing reach a service for RPC: the gateway reaches only the streaming http port, services none', () => {
        const problems = Services.flatMap((app) => [
          ...(app !== 'streaming-service' && reaches(policies, gateway, pod(app), 'http')
            ? [`the gateway reaches ${app}'s http port`]
            : []),
          ...Services.filter((other) => other !== app && reaches(policies, pod(other), pod(app), 'http')).map(
            (other) => `${other} can reach ${app}`,
          ),
        ]);
        expect([
          ...problems,
          ...(reaches(policies, gateway, pod('streaming-service'), 'http')
            ? []
            : ['the gateway cannot reach /stream (dev proxy)']),
        ]).toEqual([]);
      });

      it('let the ingress reach the gateway and the stream edge (and it streaming-service), and Prometheus every http port', () => {
        const problems = [
          ...(allowed(policies, ingressController, gateway, 'http')
            ? []
            : ['the ingress cannot reach the gateway']),
          ...(allowed(policies, ingressController, pod('stream-edge'), 'http')
            ? []
            : ['the ingress cannot reach /stream (the stream edge)']),
          ...(reaches(policies, pod('stream-edge'), pod('streaming-service'), 'http')
            ? []
            : ['the stream edge cannot pass /stream on to streaming-service']),
          ...(egressAllowed(policies, pod('stream-edge'), 443)
            ? []
            : ['the stream edge cannot read the bucket']),
          ...Services.filter((app) => allowed(policies, ingressController, pod(app), 'http')).map(
            (app) => `the ingress reaches ${app}'s http port`,
          ),
          ...Services.filter((app) => !allowed(policies, prometheus, pod(app), 'http')).map(
            (app) => `Prometheus cannot scrape ${app}`,
          ),
          // The gateway's /metrics has its own port, which the ingress never reaches (finding 10).
          ...(allowed(policies, prometheus, gateway, 'metrics')
            ? []
            : ['Prometheus cannot scrape the gateway']),
          ...(allowed(policies, ingressController, gateway, 'metrics')
            ? ['the ingress reaches /metrics']
            : []),
          ...Services.filter((app) => allowed(policies, pod(app), gateway, 'http')).map(
            (app) => `${app} can call the gateway`,
          ),
        ];
        expect(problems).toEqual([]);
      });

      it('let only services (and the seed job) out to MongoDB, and the gateway not at all', () => {
        const mongo = 27017;
        const problems = [
          ...Services.filter((app) => !egressAllowed(policies, pod(app), mongo)).map(
            (app) => `${app} cannot reach MongoDB`,
          ),
          ...(egressAllowed(policies, pod('catalogue-seed'), mongo)
            ? []
            : ['the seed job cannot reach MongoDB']),
          ...(egressAllowed(policies, gateway, mongo) ? ['the gateway can reach MongoDB'] : []),
        ];
        expect(problems).toEqual([]);
      });
    });

    it('lists every resource file in kustomization.yaml, and only files that exist', () => {
      const { resources: listed = [] } = parse(readRepoFile('k8s/kustomization.yaml')) as {
        resources?: string[];
      };
      // *.example.yaml are templates (the Secret): an apply must never overwrite the real object with one.
      const resourceFiles = k8sFiles.filter(
        (file) => !/^kustomization\.ya?ml$/.test(file) && !/\.example\.ya?ml$/.test(file),
      );
      expect([
        ...resourceFiles
          .filter((file) => !listed.includes(file))
          .map((file) => `k8s/${file}: not listed in kustomization.yaml resources`),
        ...listed
          .filter((file) => !k8sFiles.includes(file))
          .map((file) => `k8s/kustomization.yaml lists ${file}, which does not exist`),
      ]).toEqual([]);
    });
  });

  describe('Dockerfile', () => {
    // Continuation lines joined, comments dropped: one instruction per entry.
    const instructions = readRepoFile('Dockerfile')
      .replace(/\\\r?\n/g, ' ')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));

    it('takes the app as ARG APP', () => {
      const declared = instructions.some((line) => /^ARG\s+APP(=|\s|$)/i.test(line));
      expect(declared ? [] : ['Dockerfile: no ARG APP, so one file cannot build every app']).toEqual([]);
    });

    it('builds on a supported Node LTS pinned by digest (issue 14, finding 9)', () => {
      const image = instructions
        .find((line) => /^ARG\s+NODE_IMAGE=/i.test(line))
        ?.replace(/^ARG\s+NODE_IMAGE=/i, '');
      expect(image).toMatch(/^node:(\d+)[\w.-]*@sha256:[a-f0-9]{64}$/);
      expect(Number(/^node:(\d+)/.exec(image ?? '')?.[1])).toBeGreaterThanOrEqual(22);
      const froms = instructions.filter((line) => /^FROM\s/i.test(line));
      const unpinned = froms.filter((line) => !/^FROM\s+(\$\{NODE_IMAGE\}|deps)(\s|$)/i.test(line));
      expect(unpinned).toEqual([]);
    });

    it('enforces the committed lockfile after every npm install', () => {
      const installs = instructions.filter((line) => /^RUN\b.*\bnpm install\b/.test(line));
      expect(installs.length).toBeGreaterThan(0);
      const unchecked = installs.filter(
        (line) => !/npm install[^&]*&&\s*node lockfile-check\.mjs /.test(line),
      );
      expect(unchecked).toEqual([]);
    });

    it('runs the final stage as a non-root USER', () => {
      const lastFrom = instructions.findLastIndex((line) => /^FROM\s/i.test(line));
      const user = instructions
        .slice(lastFrom + 1)
        .findLast((line) => /^USER\s/i.test(line))
        ?.replace(/^USER\s+/i, '');
      const name = user?.split(':')[0];
      const problems =
        name === undefined
          ? ['Dockerfile: the final stage has no USER, so the app runs as root']
          : /^(root|0)$/.test(name)
            ? [`Dockerfile: the final stage runs as USER ${user}`]
            : [];
      expect(problems).toEqual([]);
    });
  });
});
