import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@web/app/App';
import { createAppRouter } from '@web/app/router';
import { applyTheme, readStoredTheme } from '@web/shared/theme/theme';
import '@web/shared/theme/theme.css';

// Before the first render, so a saved light theme does not start dark.
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>,
);
