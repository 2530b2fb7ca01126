// Test set-up of the web project: jsdom gaps, translations loaded (English), the fake API, a clean slate per test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { queryClient } from '../lib/api/query-client';
import { syncSessionFromStorage } from '../lib/auth/session';
import { i18n, initI18n } from '../lib/i18n/i18n';
import { resetFakeApi } from './fake-api';

// The first test of a file also loads its lazy pages: on a busy 2-core machine that can take over the
// default second.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no modal dialogs and no scrolling.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
window.scrollTo = () => undefined;

await initI18n('en');
await i18n.loadNamespaces(['site', 'accounts']);

// A key shown without a translation fails the test that showed it.
const missingKeys: string[] = [];
i18n.options.saveMissing = true;
i18n.options.missingKeyHandler = (_languages, namespace, key) => missingKeys.push(`${namespace}:${key}`);

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  syncSessionFromStorage();
  queryClient.clear();
  expect(resetFakeApi(), 'operations invalid for graphql/schema.graphql').toEqual([]);
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  expect(missingKeys.splice(0)).toEqual([]);
});
