// Debian's Chromium as the end-to-end journeys and the web benchmark drive it (no browser download here).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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
