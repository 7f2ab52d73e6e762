import axe from 'axe-core';
import type { Page } from 'playwright-core';

const SERIOUS = new Set(['serious', 'critical']);

export type Finding = { rule: string; impact: string; target: string; summary: string };

/** axe-core in the page, WCAG 2.0/2.1 A and AA; what it finds serious or critical, one line per element. */
export const seriousViolations = async (page: Page): Promise<Finding[]> => {
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    // Put there by the script tag above.
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(({ id, impact, nodes }) => ({
      id,
      impact: impact ?? '',
      nodes: nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
    }));
  });
  return violations
    .filter((violation) => SERIOUS.has(violation.impact))
    .flatMap(({ id, impact, nodes }) => nodes.map((node) => ({ rule: id, impact, ...node })));
};
