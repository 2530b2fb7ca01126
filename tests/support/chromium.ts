// Debian's Chromium as the end-to-end journeys and the web benchmark drive it (no browser download here).
import { existsSync } from 'node:fs';

/** The whole browser: the web benchmark measures what visitors run (Lighthouse drives it). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

/**
 * The journeys' browser: Chromium's headless shell (Debian's `chromium-headless-shell`, the one
 * Playwright itself runs headless) when it is there, else the whole browser. Same engine, without the
 * whole browser's user interface around each page: it measured a third less CPU on the same journeys.
 */
export const JOURNEY_CHROMIUM_PATH = existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;

/** No sandbox (containers), no GPU (SwiftShader draws WebGL) and none of the browser's own network traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
