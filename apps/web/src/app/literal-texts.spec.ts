import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Issue 26: every visible text goes through i18next. A component's text in JSX, or a label a person sees or
 * hears (`aria-label`, `title`, `placeholder`, `alt`, `label`), written as a literal with letters in it fails here.
 */
const SRC = path.join(__dirname, '..');
const LABELS = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
const HAS_LETTERS = /\p{L}/u;

const componentsUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : componentsUnder(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.spec.tsx') ? [full] : [];
  });

/** Each literal text with letters the file renders: JSX text, and string labels. */
export const literalTexts = (file: string, source: string): string[] => {
  const found: string[] = [];
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTERS.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && LABELS.has(node.name.getText(tree)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (
        value &&
        (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) &&
        HAS_LETTERS.test(value.text)
      )
        found.push(`${node.name.getText(tree)}="${value.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
};

describe('texts a component renders come from the catalogues (issue 26)', () => {
  it('finds a literal text and a literal label, and lets through punctuation and texts from `t`', () => {
    expect(
      literalTexts(
        'x.tsx',
        `const X = () => <p title="Play it" aria-label={t('a')}>Hello <b>{t('b')}</b> · 2</p>;`,
      ),
    ).toEqual(['title="Play it"', 'Hello']);
  });

  it.each(componentsUnder(SRC).map((file) => path.relative(SRC, file)))(
    '%s renders no literal text',
    (file) => {
      expect(literalTexts(file, readFileSync(path.join(SRC, file), 'utf8'))).toEqual([]);
    },
  );
});
