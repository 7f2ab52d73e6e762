// docker-compose.yml against the Compose Specification's JSON schema (compose-spec.json from the compose-spec
// project, as the npm package docker-compose 1.5.0 ships it in schema/, Apache-2.0, see its NOTICE), after
// merge keys and variable interpolation, i.e. the document `docker compose config` validates.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import type { Environment } from './compose-interpolate';
import { interpolate, interpolateDocument } from './compose-interpolate';
import { repoRoot } from './k8s-manifests';

type SchemaError = { message?: string; params?: unknown };

const schema = (): object => {
  const { $schema: _dialect, ...body } = JSON.parse(
    readFileSync(require.resolve('docker-compose/schema/compose-spec.json'), 'utf8'),
  ) as Record<string, unknown>;
  // The file names draft-07 by its https URI, which Ajv does not register; draft-07 is Ajv's default dialect.
  return body;
};

/**
 * A validator over the compose schema. `strictTypes: false`: the schema is upstream's, written without Ajv 8's
 * strict typing (union types, keywords without `type`), which Ajv 8 would log about; Ajv 6, which eslint
 * brings today, ignores the option.
 */
const validator = () => {
  const ajv = new Ajv({ allErrors: true, strictTypes: false } as ConstructorParameters<typeof Ajv>[0]);
  const validate = ajv.compile(schema());
  return (document: unknown): string[] =>
    validate(document)
      ? []
      : (validate.errors ?? []).map((error: SchemaError & object) => {
          // Ajv 8 says instancePath (/services/redis), Ajv 6 dataPath (.services['redis']).
          const path =
            'instancePath' in error ? error.instancePath : 'dataPath' in error ? error.dataPath : '';
          return `docker-compose.yml ${String(path) || '/'}: ${error.message ?? ''} ${JSON.stringify(error.params)}`;
        });
};

const composeText = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
// Merge keys (<<: *service) are YAML that Compose applies before anything else.
const raw = parse(composeText, { merge: true }) as unknown;

/** Every variable the file requires (${NAME:?…}), set as an operator would; the rest take their defaults. */
const operatorEnv: Environment = Object.fromEntries(
  [...composeText.matchAll(/\$\{([A-Za-z_]\w*):?\?/g)].map(([, name]) => [name, `set-${name.toLowerCase()}`]),
);

describe('docker-compose.yml', () => {
  const validate = validator();

  it('is valid against the Compose Specification schema', () => {
    expect(validate(interpolateDocument(raw, operatorEnv))).toEqual([]);
  });

  it('refuses to start without each required variable', () => {
    const startsAnyway = Object.keys(operatorEnv).filter((name) => {
      try {
        interpolateDocument(raw, { ...operatorEnv, [name]: undefined });
        return true;
      } catch {
        return false;
      }
    });
    expect(Object.keys(operatorEnv).length).toBeGreaterThan(0);
    expect(startsAnyway).toEqual([]);
  });

  it('would fail on a misspelt key or a wrongly typed value, naming it', () => {
    const broken = structuredClone(raw) as { services: Record<string, Record<string, unknown>> };
    broken.services.redis.restarts = 'always';
    (broken.services.mongo.healthcheck as Record<string, unknown>).interval = 10;
    const problems = validate(interpolateDocument(broken, operatorEnv)).join('\n');
    expect(problems).toMatch(/services(\/|\.|\[')redis.*additional properties.*restarts/);
    expect(problems).toMatch(/healthcheck(\/|\.)interval.*string/);
  });

  it('interpolates like Compose', () => {
    const env = { SET: 'x', EMPTY: '' };
    expect(
      interpolate('${SET:-d} ${UNSET:-d} ${EMPTY:-d} ${EMPTY-d} $SET $$SET ${SET:+r} ${EMPTY+r}', env, 't'),
    ).toBe('x d d  x $SET r r');
    expect(() => interpolate('${EMPTY:?give it}', env, 't')).toThrow(
      'required variable EMPTY is missing: give it',
    );
    expect(interpolate('${EMPTY?give it}', env, 't')).toBe('');
  });
});
