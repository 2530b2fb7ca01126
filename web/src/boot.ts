// The page's one script, and all it loads before the first paint. A page the build prerendered or the server
// painted is complete without JavaScript: its scripts (React, the router, i18next and the app's shell, about
// 145 kB gzipped) are only asked for once the browser has painted it. Loaded with the page, they took the
// phone's bandwidth from the page's stylesheets and its main picture, and Chromium ran them before painting
// anything, so the first paint waited for them. The app (main.tsx) then takes the page over as before.
// An empty page (one that only the app draws) and a prerendered page in the other language, hidden until
// the app has drawn it in the visitor's (PRERENDER_LANGUAGE_CHECK), start the app at once: no paint to wait for.
// The shell's stylesheets are imported here, so that the HTML links them: they are what the first paint needs.
import './app/styles.css';
import './app/prerendered.css';
import { recordPaintedForms } from './lib/painted-forms/record';

const startApp = () => void import('./main');

const root = document.getElementById('root')!;
// Painted ahead and shown: prerendered.css hides a page in the other language (style is computed once the
// stylesheets have loaded, which module scripts wait for).
const paintsWithoutApp = root.dataset.prerendered !== undefined && getComputedStyle(root).visibility !== 'hidden';

// What is typed into it from now on is kept for the app (lib/painted-forms/record.ts).
if (paintsWithoutApp) recordPaintedForms(root);

if (!paintsWithoutApp) startApp();
else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // Buffered: the paint may already be behind us when this runs.
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    startApp();
  });
  observer.observe({ type: 'paint', buffered: true });
} else {
  // No paint timing in this browser: after the next frame, which paints the page.
  requestAnimationFrame(() => setTimeout(startApp));
}
