import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { workspaceRoot } from '@app/server-testing';

/** Test support for the OpenAPI specs (unit and integration); nothing in the app imports it. */

export type OpenApiValidation = { valid: boolean; version?: string; errors?: unknown };

/** @seriousme/openapi-schema-validator is ESM only, which Jest's CommonJS runtime cannot load: it runs in a child node. */
export const validateOpenApi = (document: unknown): OpenApiValidation => {
  const script = `
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(Buffer.concat(chunks).toString()));
    process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: workspaceRoot(),
    input: JSON.stringify(document),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as OpenApiValidation;
};

export type Validate = ((value: unknown) => boolean) & { errors?: unknown };
export type JsonSchemaValidator = { compile(schema: object): Validate };

/** The validator's own Ajv (draft 2020-12, the dialect of OpenAPI 3.1); the workspace's top-level ajv is v6. */
export const jsonSchemaValidator = (): JsonSchemaValidator => {
  const load = createRequire(__filename);
  const validatorDir = path.dirname(load.resolve('@seriousme/openapi-schema-validator/package.json'));
  const { default: Ajv2020 } = load(load.resolve('ajv/dist/2020', { paths: [validatorDir] })) as {
    default: new (options: object) => JsonSchemaValidator;
  };
  // Formats are not checked (no ajv-formats here); the patterns zod emits beside them are.
  return new Ajv2020({ strict: false, validateFormats: false });
};
