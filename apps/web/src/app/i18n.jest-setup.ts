import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { catalogueLoaders } from '@web/app/i18n';
import { startI18n } from '@web/shared/i18n/i18n';
import { Languages } from '@web/shared/i18n/languages';

/**
 * Every component test renders in English with every catalogue loaded, strictly: a text asked for that no
 * catalogue holds throws (issue 26). A test that switches to Hindi is switched back after it.
 */
beforeAll(async () => {
  const instance = await startI18n(catalogueLoaders, { language: Languages.English, strict: true });
  await instance.loadNamespaces(Object.keys(catalogueLoaders));
});

afterEach(async () => {
  if (i18next.language === Languages.English) return;
  // Unmounted first: a screen still showing would re-render outside act() as the language changes back.
  cleanup();
  await i18next.changeLanguage(Languages.English);
});
