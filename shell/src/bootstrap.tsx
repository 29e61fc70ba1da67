import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createShell, startShell } from './app/create-shell';
import { loadRuntimeConfig } from './config/runtime-config';

async function boot() {
  const root = createRoot(document.getElementById('app') as HTMLElement);
  try {
    const config = await loadRuntimeConfig();
    const shell = createShell(config);
    startShell(shell);
    root.render(
      <StrictMode>
        <App shell={shell} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('[shell] could not start', error);
    root.render(
      <div role="alert" style={{ padding: 32, textAlign: 'center' }}>
        The page could not be loaded. Please try again later.
      </div>,
    );
  }
}

void boot();
