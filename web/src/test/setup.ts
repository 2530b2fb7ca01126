// Test set-up of the web project: jsdom gaps, translations loaded (English), the fake API, a clean slate per test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { queryClient } from '../lib/api/query-client';
import { dismissAll } from '../lib/notifications/store';
import { syncSessionFromStorage } from '../lib/auth/session';
import { i18n, initI18n } from '../lib/i18n/i18n';
import { resetFakeApi } from './fake-api';

// The first test of a file also loads its lazy pages: on a 2-core machine shared with the journeys and
// other runs that took over 15 s (CI's failures). Only a state that never comes should fail on time.
configure({ asyncUtilTimeout: 60_000 });

// jsdom has no modal dialogs and no scrolling.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
window.scrollTo = () => undefined;

// jsdom finds a label's `for` control by walking the whole document, and an element's labels by asking
// every label of the document for its control, so getByLabelText, which asks every element for its
// labels, grows with the cube of a form's size. Here the control comes from the document's index of ids
// (jsdom's own getElementById); the rest of jsdom's rule is kept.
interface ElementImpl {
  nodeType: number;
  namespaceURI: string | null;
  localName: string;
  type?: string;
  _ceDefinition?: { formAssociated?: boolean };
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): ElementImpl & { getElementById(id: string): ElementImpl | null };
}
const LABELABLE = new Set(['button', 'meter', 'output', 'progress', 'select', 'textarea']);
const isLabelable = (element: ElementImpl) =>
  element.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
  (LABELABLE.has(element.localName) ||
    (element.localName === 'input' && element.type !== 'hidden') ||
    !!element._ceDefinition?.formAssociated);
const aLabel = document.createElement('label') as unknown as Record<symbol, object>;
const implOf = Object.getOwnPropertySymbols(aLabel).find((symbol) => symbol.description === 'impl')!;
const labelImpl = Object.getPrototypeOf(aLabel[implOf]) as object;
const walkToControl = Object.getOwnPropertyDescriptor(labelImpl, 'control')!.get!;
Object.defineProperty(labelImpl, 'control', {
  configurable: true,
  get(this: ElementImpl) {
    const id = this.getAttributeNS(null, 'for');
    const root = this.getRootNode({});
    // Only a document indexes its ids (a fragment or a detached tree does not).
    if (id === null || root.nodeType !== Node.DOCUMENT_NODE) return walkToControl.call(this);
    const control = id === '' ? null : root.getElementById(id);
    return control && isLabelable(control) ? control : null;
  },
});

await initI18n('en');
await i18n.loadNamespaces(['site', 'accounts']);

// A key shown without a translation fails the test that showed it.
const missingKeys: string[] = [];
i18n.options.saveMissing = true;
i18n.options.missingKeyHandler = (_languages, namespace, key) => missingKeys.push(`${namespace}:${key}`);

afterEach(async () => {
  cleanup();
  dismissAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  syncSessionFromStorage();
  queryClient.clear();
  expect(resetFakeApi(), 'operations invalid for graphql/schema.graphql').toEqual([]);
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  expect(missingKeys.splice(0)).toEqual([]);
});
