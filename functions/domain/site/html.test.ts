import { describe, expect, it } from 'vitest';
import { escapeMarkup, excerpt, plainText } from './html';

describe('escapeMarkup', () => {
  it('escapes what could end a text or an attribute', () => {
    expect(escapeMarkup(`Four "pro" <b> & l'été`)).toBe('Four &quot;pro&quot; &lt;b&gt; &amp; l&#39;été');
  });
});

describe('plainText', () => {
  it('drops tags, decodes entities and collapses white space', () => {
    expect(plainText('<p>Four&nbsp;<strong>pro</strong></p><ul><li>A &amp; B</li><li>&#233;t&#xE9;</li></ul>')).toBe('Four pro A & B été');
  });
});

describe('excerpt', () => {
  it('keeps a short text and cuts a long one at a word', () => {
    expect(excerpt('court', 10)).toBe('court');
    expect(excerpt('un texte bien trop long pour tenir', 20)).toBe('un texte bien trop…');
  });
});
