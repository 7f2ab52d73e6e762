import axe from 'axe-core';

const SERIOUS = new Set(['serious', 'critical']);

/**
 * axe-core's WCAG 2.0/2.1 A and AA rules on a rendered part of a screen under jsdom: what it finds serious or
 * critical, one line per element ("rule: target"). Colour contrast needs layout jsdom has not: the browser
 * journeys check it (apps/web-e2e support/axe.ts).
 */
export const seriousViolations = async (container: Element): Promise<string[]> => {
  const { violations } = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return violations
    .filter(({ impact }) => SERIOUS.has(impact ?? ''))
    .flatMap(({ id, nodes }) => nodes.map((node) => `${id}: ${node.target.join(' ')}`));
};
