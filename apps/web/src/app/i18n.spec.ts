import { catalogueLoaders, type Namespace } from './i18n';

type Leaves = Map<string, unknown>;

const leavesOf = (catalogue: object, prefix = ''): Leaves => {
  const leaves: Leaves = new Map();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object')
      for (const [nested, leaf] of leavesOf(value, path)) leaves.set(nested, leaf);
    else leaves.set(path, value);
  }
  return leaves;
};

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map(([, name]) => name).sort();

describe('the interface catalogues (issue 26)', () => {
  const namespaces = Object.keys(catalogueLoaders) as Namespace[];

  it.each(namespaces)(
    '%s: English and Hindi hold the same keys, every text a non-empty string with the same placeholders',
    async (ns) => {
      const entry: { en: () => Promise<object>; hi: () => Promise<object> } = catalogueLoaders[ns];
      const en = leavesOf(await entry.en());
      const hi = leavesOf(await entry.hi());
      expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en) {
        expect({ key, en: typeof text, hi: typeof hi.get(key) }).toEqual({ key, en: 'string', hi: 'string' });
        expect({ key, empty: String(hi.get(key)).trim() === '' }).toEqual({ key, empty: false });
        expect({ key, placeholders: placeholders(hi.get(key)) }).toEqual({
          key,
          placeholders: placeholders(text),
        });
      }
    },
  );
});
