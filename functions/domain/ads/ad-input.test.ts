import { describe, expect, it } from 'vitest';
import { adInput } from '../../testing/ad-input';
import { normalizeAdInput, sanitizeDescription } from './ad-input';

const REL = 'rel="noopener noreferrer nofollow"';

describe('sanitizeDescription', () => {
  it('keeps absolute http, https and mailto links, with the forced rel', () => {
    expect(sanitizeDescription('<a href="https://exemple.ca/a?b=1">x</a>')).toBe(`<a href="https://exemple.ca/a?b=1" ${REL}>x</a>`);
    expect(sanitizeDescription('<a href="HTTP://exemple.ca">x</a>')).toBe(`<a href="HTTP://exemple.ca" ${REL}>x</a>`);
    expect(sanitizeDescription('<a href="mailto:info@exemple.ca">x</a>')).toBe(`<a href="mailto:info@exemple.ca" ${REL}>x</a>`);
  });

  it('drops every other link target: relative paths point into the site itself, under its name', () => {
    for (const href of ['/deconnexion', '../gerer-annonces', 'www.exemple.ca', '#haut', '?q=1', '//evil.example', 'tel:5145550123']) {
      expect(sanitizeDescription(`<a href="${href}">x</a>`)).toBe(`<a ${REL}>x</a>`);
    }
    expect(sanitizeDescription('<a href="java&#x09;script:alert(1)">x</a>')).toBe(`<a ${REL}>x</a>`);
    expect(sanitizeDescription('<a href="data:text/html,x">x</a>')).toBe(`<a ${REL}>x</a>`);
  });

  it('keeps no style, class, image or frame', () => {
    expect(sanitizeDescription('<p style="color:red" class="big">a<img src="x"><iframe src="https://x"></iframe></p>')).toBe('<p>a</p>');
  });
});

describe('normalizeAdInput', () => {
  it('stores a language holding only invisible characters as absent, so readers get the other one', () => {
    const normalized = normalizeAdInput(
      adInput({ title: { fr: 'Four', en: '\u200b\u200d' }, description: { fr: '<p>Four</p>', en: '<p>&#8203;</p>' } }),
    );
    expect(normalized.title).toEqual({ fr: 'Four', en: null });
    expect(normalized.description).toEqual({ fr: '<p>Four</p>', en: null });
  });
});
