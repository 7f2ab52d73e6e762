// Validates Kubernetes objects against the API schemas shipped in kubernetes-models: each object goes through
// its kind's class and `validate()`. Reads a JSON array of { where, object } on stdin and prints a JSON array of
// problems ("<where>: <Kind>/<name>: <path> <message>"); an apiVersion/kind without a class is a problem too, so
// nothing passes unchecked. A separate Node process because kubernetes-models is ESM-only (jest runs CommonJS).
import { readFileSync } from 'node:fs';

/** `apps/v1` → `kubernetes-models/apps/v1/`, `v1` → `kubernetes-models/v1/` (the package's export map). */
const modulePath = (apiVersion, kind) => `kubernetes-models/${apiVersion}/${kind}`;

const classOf = async (apiVersion, kind) => {
  try {
    return (await import(modulePath(apiVersion, kind)))[kind];
  } catch {
    return undefined;
  }
};

const describe = (object) => `${object?.kind ?? '?'}/${object?.metadata?.name ?? '?'}`;

const problemsOf = async ({ where, object }) => {
  const { apiVersion, kind } = object ?? {};
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !/^[A-Z]\w*$/.test(kind)) {
    return [`${where}: ${describe(object)}: no apiVersion/kind`];
  }
  const Model = await classOf(apiVersion, kind);
  if (typeof Model !== 'function') {
    return [`${where}: ${describe(object)}: kubernetes-models has no schema for ${apiVersion} ${kind}`];
  }
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    // Ajv's ValidationError: one entry per failed keyword.
    const details = Array.isArray(error?.errors) ? error.errors : [];
    if (details.length === 0) return [`${where}: ${describe(object)}: ${error?.message ?? String(error)}`];
    return details.map((detail) =>
      `${where}: ${describe(object)}: ${detail.instancePath || '/'} ${detail.message ?? ''}`.trim(),
    );
  }
};

const input = JSON.parse(readFileSync(0, 'utf8'));
const problems = (await Promise.all(input.map(problemsOf))).flat();
process.stdout.write(JSON.stringify(problems));
