import { reloadOnStaleChunk } from '@coursekit/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { adapter } from './adapter';
import { applyOrganisation, storedOrganisation } from './organisation/organisationTheme';
import './styles.css';

// A lazy chunk of the build this page was opened on that fails to load (a deploy since): Vite's
// preload helper fires this event, and the page reloads once onto the current build, at the same
// URL. A chunk that fails again right after is thrown as Vite would (the screen's error shows).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnStaleChunk()) event.preventDefault();
});

// A visit that entered through an organisation's /o/{slug} keeps its theme after a reload.
applyOrganisation(storedOrganisation());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App adapter={adapter} />
  </StrictMode>,
);
