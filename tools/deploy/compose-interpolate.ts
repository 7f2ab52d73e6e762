// Compose's variable interpolation (the Compose Specification's "Interpolation" section), so docker-compose.yml
// can be checked as `docker compose config` sees it: $VAR, ${VAR}, ${VAR:-default}, ${VAR-default},
// ${VAR:?error}, ${VAR?error}, ${VAR:+replacement}, ${VAR+replacement}, and $$ for a literal $. Applied to
// values only (keys are never interpolated). A nested ${…} in a default throws: we do not use one.

export type Environment = Record<string, string | undefined>;

const Name = /^[A-Za-z_][A-Za-z0-9_]*/;

/** One string with its variables replaced; a missing required variable throws with the file's message. */
export function interpolate(text: string, env: Environment, where: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const dollar = text.indexOf('$', i);
    if (dollar < 0) return out + text.slice(i);
    out += text.slice(i, dollar);
    const next = text[dollar + 1];
    if (next === '$') {
      out += '$';
      i = dollar + 2;
    } else if (next === '{') {
      const end = text.indexOf('}', dollar);
      const body = end < 0 ? '' : text.slice(dollar + 2, end);
      if (end < 0 || body.includes('${'))
        throw new Error(`${where}: unsupported or unclosed \${ in "${text}"`);
      out += expand(body, env, where);
      i = end + 1;
    } else {
      const name = Name.exec(text.slice(dollar + 1))?.[0];
      if (!name) throw new Error(`${where}: a lone $ in "${text}" (write $$ for a literal $)`);
      out += env[name] ?? '';
      i = dollar + 1 + name.length;
    }
  }
  return out;
}

function expand(body: string, env: Environment, where: string): string {
  const name = Name.exec(body)?.[0];
  if (!name) throw new Error(`${where}: bad variable \${${body}}`);
  const rest = body.slice(name.length);
  const value = env[name];
  const unset = value === undefined;
  const empty = unset || value === '';
  const operator = /^(:?[-?+])?/.exec(rest)?.[0] ?? '';
  const arg = rest.slice(operator.length);
  switch (operator) {
    case '':
      if (rest !== '') throw new Error(`${where}: bad variable \${${body}}`);
      return value ?? '';
    case ':-':
      return empty ? arg : (value as string);
    case '-':
      return unset ? arg : (value as string);
    case ':?':
    case '?':
      if (operator === ':?' ? empty : unset)
        throw new Error(`${where}: required variable ${name} is missing: ${arg}`);
      return value as string;
    case ':+':
      return empty ? '' : arg;
    case '+':
      return unset ? '' : arg;
    default:
      throw new Error(`${where}: bad variable \${${body}}`);
  }
}

/** A copy of a parsed Compose document with every string value interpolated. */
export function interpolateDocument(node: unknown, env: Environment, where = ''): unknown {
  if (typeof node === 'string') return interpolate(node, env, where || '/');
  if (Array.isArray(node))
    return node.map((item, index) => interpolateDocument(item, env, `${where}/${index}`));
  if (typeof node === 'object' && node !== null) {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateDocument(value, env, `${where}/${key}`)]),
    );
  }
  return node;
}
