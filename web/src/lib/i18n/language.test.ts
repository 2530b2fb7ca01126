import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@partage/graphql';
import { initialLanguage, pickLanguage } from './language';

describe('pickLanguage', () => {
  it('takes the lang query parameter first', () => {
    expect(pickLanguage('?lang=en', 'fr')).toBe('en');
    expect(pickLanguage('?x=1&lang=fr', 'en')).toBe('fr');
  });

  it('takes the stored choice when there is no valid parameter', () => {
    expect(pickLanguage('', 'en')).toBe('en');
    expect(pickLanguage('?lang=de', 'en')).toBe('en');
  });

  it('falls back to French', () => {
    expect(pickLanguage('', null)).toBe('fr');
    expect(pickLanguage('?lang=xx', 'klingon')).toBe('fr');
  });
});

describe('initialLanguage', () => {
  it('remembers a lang parameter and takes it out of the address, keeping the rest', () => {
    window.history.replaceState(null, '', '/parametres?lang=en&onglet=securite#mot-de-passe');
    expect(initialLanguage()).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/parametres?onglet=securite#mot-de-passe');
  });

  it('uses the stored choice and leaves an address without lang alone', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    window.history.replaceState(null, '', '/accueil');
    expect(initialLanguage()).toBe('en');
    expect(window.location.pathname).toBe('/accueil');
  });

  it('ignores an unknown lang value and does not store it', () => {
    window.history.replaceState(null, '', '/accueil?lang=de');
    expect(initialLanguage()).toBe('fr');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBeNull();
    expect(window.location.search).toBe('');
  });
});
