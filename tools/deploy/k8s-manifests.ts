// Reads the k8s manifests as objects: one file, the base directory, or what `kubectl apply -k <dir>` would apply.
// kustomize is not installed here, so `renderKustomization` is a small resolver for the subset of kustomize our
// kustomizations use (resources, namespace, images, JSON 6902 patches), with kustomize's two loader rules (a file
// must lie in or below its kustomization's directory; a directory resource must not contain a kustomization
// already being built: "cycle detected"). It throws on any other field and on a patch that matches nothing, so
// an overlay is never checked half-understood.
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { applyPatch, parseOperations } from './json-patch';

export type Labels = Record<string, string>;
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Labels };
  [field: string]: unknown;
};
/** An object and the file it came from (repo-relative), for messages. */
export type Located = { where: string; object: K8sObject };

export const repoRoot = join(__dirname, '..', '..');
/** The base: `kubectl apply -k k8s`. */
export const k8sDir = join(repoRoot, 'k8s');
/**
 * The overlays (`kubectl apply -k deploy/overlays/<env>`). Not under k8s/: kustomize refuses a base directory
 * that contains the overlay using it ("cycle detected: candidate root … contains visited root …").
 */
export const overlaysDir = join(repoRoot, 'deploy', 'overlays');
export const repoPath = (path: string): string => relative(repoRoot, path);

const isYaml = (file: string): boolean => /\.ya?ml$/.test(file);
const isKustomization = (file: string): boolean => /^kustomization\.ya?ml$/.test(file);

/** Every object of a multi-document YAML file; a YAML error throws with the file's name. */
export function readObjects(file: string): Located[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).flatMap((doc) => {
    if (doc.errors.length > 0) {
      throw new Error(`${repoPath(file)}: ${doc.errors.map((error) => error.message).join('; ')}`);
    }
    const object: unknown = doc.toJS();
    return object ? [{ where: repoPath(file), object: object as K8sObject }] : [];
  });
}

/** Every manifest file directly in `dir` (not its kustomization, not subdirectories such as overlays/). */
export const manifestFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((file) => isYaml(file) && !isKustomization(file))
    .map((file) => join(dir, file));

// Kinds without a namespace (kustomize's namespace transformer leaves them alone); the ones we could ever ship.
const ClusterScoped = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'PersistentVolume',
  'StorageClass',
  'PriorityClass',
  'IngressClass',
  'CustomResourceDefinition',
]);

type ImageRule = { name: string; newName?: string; newTag?: string; digest?: string };
type PatchTarget = { group?: string; version?: string; kind?: string; name?: string; namespace?: string };
type PatchEntry = { path?: string; patch?: string; target?: PatchTarget };
type Kustomization = {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  images?: ImageRule[];
  patches?: PatchEntry[];
};
const SupportedFields = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'images', 'patches']);
const SupportedTargetFields = new Set(['group', 'version', 'kind', 'name', 'namespace']);

/** `registry:5000/a/b:1.2@sha256:…` → name `registry:5000/a/b`, tag `1.2`, digest `sha256:…`. */
export function parseImage(image: string): { name: string; tag?: string; digest?: string } {
  const [withTag, digest] = image.split('@');
  const slash = withTag.lastIndexOf('/');
  const colon = withTag.lastIndexOf(':');
  return colon > slash
    ? { name: withTag.slice(0, colon), tag: withTag.slice(colon + 1), digest }
    : { name: withTag, digest };
}

/** kustomize's image transformer: every containers[]/initContainers[] image whose name matches a rule. */
function setImages(node: unknown, rules: ImageRule[]): void {
  if (Array.isArray(node)) return node.forEach((item) => setImages(item, rules));
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'containers' || key === 'initContainers') && Array.isArray(value)) {
      for (const container of value as { image?: string }[]) {
        if (!container.image) continue;
        const image = parseImage(container.image);
        const rule = rules.find((r) => r.name === image.name);
        if (!rule) continue;
        const name = rule.newName ?? image.name;
        // A digest replaces tag and digest; a new tag replaces both too; a new name alone keeps them.
        const kept = `${image.tag ? `:${image.tag}` : ''}${image.digest ? `@${image.digest}` : ''}`;
        container.image = rule.digest
          ? `${name}@${rule.digest}`
          : rule.newTag
            ? `${name}:${rule.newTag}`
            : `${name}${kept}`;
      }
    } else setImages(value, rules);
  }
}

/** kustomize matches target fields as anchored regular expressions. */
const fieldMatches = (pattern: string | undefined, value: string | undefined): boolean =>
  pattern === undefined || new RegExp(`^(?:${pattern})$`).test(value ?? '');

function targets(target: PatchTarget, object: K8sObject): boolean {
  const [group, version] = object.apiVersion.includes('/')
    ? object.apiVersion.split('/')
    : ['', object.apiVersion];
  return (
    fieldMatches(target.group, group) &&
    fieldMatches(target.version, version) &&
    fieldMatches(target.kind, object.kind) &&
    fieldMatches(target.name, object.metadata.name) &&
    fieldMatches(target.namespace, object.metadata.namespace)
  );
}

function readKustomization(dir: string): Kustomization {
  const file = ['kustomization.yaml', 'kustomization.yml'].map((name) => join(dir, name)).find(existsSync);
  if (!file) throw new Error(`${repoPath(dir)}: no kustomization.yaml`);
  const kustomization = parse(readFileSync(file, 'utf8')) as Kustomization;
  const unsupported = Object.keys(kustomization).filter((field) => !SupportedFields.has(field));
  if (unsupported.length > 0) {
    throw new Error(
      `${repoPath(file)}: ${unsupported.join(', ')} not supported by this resolver; extend it first`,
    );
  }
  return kustomization;
}

const isWithin = (path: string, root: string): boolean => path === root || path.startsWith(`${root}${sep}`);

/** kustomize's load restrictor: a file a kustomization reads lies in or below its directory. */
function fileWithin(root: string, file: string, where: string): string {
  if (!existsSync(file)) throw new Error(`${where}: ${repoPath(file)} does not exist`);
  const real = realpathSync(file);
  if (!isWithin(real, root))
    throw new Error(`${where}: security; file ${repoPath(real)} is not in or below ${repoPath(root)}`);
  return real;
}

/**
 * The objects `kubectl apply -k dir` would apply (for the subset of kustomize described above). `visited`: the
 * kustomization directories being built above this one.
 */
export function renderKustomization(dir: string, visited: string[] = []): Located[] {
  const root = realpathSync(dir);
  const kustomization = readKustomization(root);
  const where = repoPath(root);
  let objects = (kustomization.resources ?? []).flatMap((resource): Located[] => {
    if (/^[a-z]+:\/\//.test(resource)) throw new Error(`${where}: remote resource ${resource} not supported`);
    const path = join(root, resource);
    if (!existsSync(path)) throw new Error(`${where}: resource ${resource} does not exist`);
    if (!statSync(path).isDirectory()) return readObjects(fileWithin(root, path, where));
    const base = realpathSync(path);
    const contained = [...visited, root].find((seen) => isWithin(seen, base));
    if (contained) {
      throw new Error(
        `${where}: cycle detected: candidate root ${repoPath(base)} contains visited root ${repoPath(contained)}`,
      );
    }
    return renderKustomization(base, [...visited, root]);
  });

  (kustomization.patches ?? []).forEach((entry, index) => {
    const label = `${where} patches[${index}]`;
    const unknownTarget = Object.keys(entry.target ?? {}).filter(
      (field) => !SupportedTargetFields.has(field),
    );
    if (!entry.target || unknownTarget.length > 0) {
      throw new Error(`${label}: needs a target of ${[...SupportedTargetFields].join('/')} only`);
    }
    if ((entry.path === undefined) === (entry.patch === undefined)) {
      throw new Error(`${label}: give exactly one of path and patch`);
    }
    const text =
      entry.path === undefined
        ? String(entry.patch)
        : readFileSync(fileWithin(root, join(root, entry.path), label), 'utf8');
    // A list is a JSON 6902 patch; a map would be a strategic merge patch, which this resolver does not implement.
    const operations = parseOperations(parse(text), entry.path ? `${where}/${entry.path}` : label);
    let matched = 0;
    objects = objects.map((located) => {
      if (!targets(entry.target as PatchTarget, located.object)) return located;
      matched += 1;
      try {
        return { ...located, object: applyPatch(located.object, operations) };
      } catch (error) {
        throw new Error(
          `${label} on ${located.object.kind}/${located.object.metadata.name}: ${(error as Error).message}`,
        );
      }
    });
    if (matched === 0)
      throw new Error(`${label}: the target ${JSON.stringify(entry.target)} matches no object`);
  });

  const { namespace, images } = kustomization;
  return objects.map(({ where: from, object }) => {
    const copy = structuredClone(object);
    if (namespace && !ClusterScoped.has(copy.kind)) copy.metadata.namespace = namespace;
    if (images) setImages(copy, images);
    return { where: from, object: copy };
  });
}

/** Every overlay directory (deploy/overlays/<env>). */
export const overlayDirs = (): string[] =>
  existsSync(overlaysDir)
    ? readdirSync(overlaysDir)
        .map((name) => join(overlaysDir, name))
        .filter((dir) => statSync(dir).isDirectory())
    : [];
