// RFC 6902 JSON Patch (the `add`, `remove`, `replace` and `test` operations our kustomize overlays use), applied to
// a copy. Anything else, or a path that does not resolve, throws: an overlay must never pass by being half applied.
import { isDeepStrictEqual } from 'node:util';

export type PatchOperation =
  { op: 'add' | 'replace' | 'test'; path: string; value: unknown } | { op: 'remove'; path: string };

type Container = Record<string, unknown> | unknown[];

/** RFC 6901: `/a/b~1c` → ['a', 'b/c']. */
const tokens = (pointer: string): string[] => {
  if (!pointer.startsWith('/')) throw new Error(`JSON pointer "${pointer}" does not start with /`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
};

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

const arrayIndex = (array: unknown[], token: string, forAdd: boolean, pointer: string): number => {
  if (forAdd && token === '-') return array.length;
  const index = /^(0|[1-9]\d*)$/.test(token) ? Number(token) : NaN;
  const last = forAdd ? array.length : array.length - 1;
  if (!(index >= 0 && index <= last)) throw new Error(`${pointer}: no array index ${token}`);
  return index;
};

/** The container holding the pointer's last token, and that token. */
const parentOf = (document: unknown, pointer: string): [Container, string] => {
  const path = tokens(pointer);
  const last = path.pop();
  if (last === undefined) throw new Error('patching the whole document is not supported');
  let node: unknown = document;
  for (const token of path) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false, pointer)];
    else if (isContainer(node) && Object.hasOwn(node, token)) node = (node as Record<string, unknown>)[token];
    else throw new Error(`${pointer}: "${token}" does not exist`);
  }
  if (!isContainer(node)) throw new Error(`${pointer}: the parent is not an object or array`);
  return [node, last];
};

const read = (parent: Container, token: string, pointer: string): unknown => {
  if (Array.isArray(parent)) return parent[arrayIndex(parent, token, false, pointer)];
  if (!Object.hasOwn(parent, token)) throw new Error(`${pointer}: "${token}" does not exist`);
  return parent[token];
};

function applyOne(document: unknown, operation: PatchOperation): void {
  const [parent, token] = parentOf(document, operation.path);
  switch (operation.op) {
    case 'add':
      if (Array.isArray(parent))
        parent.splice(arrayIndex(parent, token, true, operation.path), 0, operation.value);
      else parent[token] = operation.value;
      return;
    case 'remove':
      read(parent, token, operation.path);
      if (Array.isArray(parent)) parent.splice(Number(token), 1);
      else delete parent[token];
      return;
    case 'replace':
      read(parent, token, operation.path);
      if (Array.isArray(parent)) parent[Number(token)] = operation.value;
      else parent[token] = operation.value;
      return;
    case 'test':
      if (!isDeepStrictEqual(read(parent, token, operation.path), operation.value)) {
        throw new Error(
          `${operation.path}: test failed, the value is not ${JSON.stringify(operation.value)}`,
        );
      }
      return;
  }
}

const Ops = new Set(['add', 'remove', 'replace', 'test']);

/** Checks the shape of a parsed patch document (YAML or JSON) and returns it typed. */
export function parseOperations(patch: unknown, where: string): PatchOperation[] {
  if (!Array.isArray(patch)) throw new Error(`${where}: a JSON 6902 patch is a list of operations`);
  return patch.map((operation: unknown, index) => {
    const { op, path } = (isContainer(operation) ? operation : {}) as Record<string, unknown>;
    if (typeof op !== 'string' || !Ops.has(op)) {
      throw new Error(`${where}[${index}]: op ${String(op)} is not supported (add, remove, replace, test)`);
    }
    if (typeof path !== 'string') throw new Error(`${where}[${index}]: no path`);
    if (op !== 'remove' && !Object.hasOwn(operation as object, 'value')) {
      throw new Error(`${where}[${index}]: ${op} needs a value`);
    }
    return operation as PatchOperation;
  });
}

/** A patched deep copy of `document`. */
export function applyPatch<T>(document: T, operations: PatchOperation[]): T {
  const copy = structuredClone(document);
  for (const operation of operations) applyOne(copy, operation);
  return copy;
}
