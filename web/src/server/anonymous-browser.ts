// What the app's modules read of a browser as they load (the stored session, the saved language), for a
// render outside one: server-render.tsx imports this before any of them. An anonymous visitor has nothing stored.
const empty: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};
Object.assign(globalThis, { localStorage: empty, sessionStorage: empty });
