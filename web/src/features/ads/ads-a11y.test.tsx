// axe on the ad pages as rendered in jsdom (colour contrast needs a real browser: the e2e journeys check it).
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { answerOperations } from '../../test/fake-api';
import { testAd, testAds } from '../../test/ads';
import { renderAt, signIn } from '../../test/helpers';

vi.mock('./AdMap', () => ({ AdMap: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('ad pages accessibility', () => {
  it.each(['en', 'fr'] as const)('the detail page has no axe violation (%s)', async (language) => {
    const { i18n } = await import('../../lib/i18n/i18n');
    await i18n.changeLanguage(language);
    answerOperations({ ad: testAd({ title: { fr: 'Cuisine commerciale', en: null } }) });
    renderAt(`/annonces/cuisine-commerciale-${testAd().id}`);
    await screen.findByRole('heading', { level: 1, name: 'Cuisine commerciale' });
    expect(await violations()).toEqual([]);
  });

  it('the list and manage pages have no axe violation', async () => {
    answerOperations({ latestAds: { items: testAds(2), nextToken: 'more' }, managedAds: { items: testAds(2), nextToken: null } });
    const list = renderAt('/annonces');
    await screen.findByRole('heading', { level: 2, name: 'Ad 1' });
    expect(await violations()).toEqual([]);
    list.unmount();
    signIn('USER');
    renderAt('/gerer-annonces');
    await screen.findByRole('heading', { level: 2, name: 'Ad 1' });
    expect(await violations()).toEqual([]);
  });

  it('the transfer page has no axe violation', async () => {
    answerOperations({ ad: testAd({ unlisted: true, published: false }) });
    signIn('ADMIN');
    renderAt(`/annonces/transferer/${testAd().id}`);
    await screen.findByRole('textbox', { name: 'Email address of the new owner' });
    expect(await violations()).toEqual([]);
  });
});
