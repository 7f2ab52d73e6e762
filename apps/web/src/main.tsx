import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from '@web/app/App';
import { catalogueLoaders, preloadedEnglish } from '@web/app/i18n';
import { ERRORS_NAMESPACE } from '@web/shared/api/error-text';
import { startI18n } from '@web/shared/i18n/i18n';
import { initialLanguage, readStoredLanguage } from '@web/shared/i18n/languages';
import { applyTheme, readStoredTheme } from '@web/shared/theme/theme';
import '@web/shared/theme/theme.css';

// Before the first render, so a saved light theme does not start dark.
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The visitor's language: their choice on this device, else the browser's when it is Hindi, else English.
void startI18n(catalogueLoaders, {
  language: initialLanguage(readStoredLanguage(), navigator.languages),
  preloaded: preloadedEnglish,
}).then((i18n) => {
  // Server error texts in the language shown (issue 26): their own chunk, fetched beside the first page, not before it.
  void i18n.loadNamespaces(ERRORS_NAMESPACE);
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
});
