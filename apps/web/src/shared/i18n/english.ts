import i18next from 'i18next';

/**
 * Tests: a text as the English interface shows it, `english('ui:pageOf', { page: 1, pages: 2 })` (i18next is
 * started in English with every catalogue, strictly, by the jest setup: an unknown key throws).
 */
export const english = (key: string, options?: Record<string, unknown>): string =>
  String(i18next.getFixedT('en')(key as never, options as never));
