import { describe, expect, it } from 'vitest';
import { plainTextOfHtml, stem, termsOf } from './terms';

const same = (a: string, b: string) => expect(termsOf(a)).toEqual(termsOf(b));

describe('termsOf', () => {
  it('ignores case and accents, in French and in English', () => {
    same('cafe', 'Cafés');
    same('CAFÉ', 'cafes');
    same('refrigere', 'réfrigérée');
    same('réfrigérés', 'Réfrigéré');
    same('Crème glacée', 'creme glacee');
  });

  it('reads the ligatures as their two letters, as French is typed on most keyboards', () => {
    same('Bœuf haché', 'boeuf hache');
    same('ŒUFS', 'oeuf');
    same('Cæcum', 'caecum');
  });

  it('folds French plural and feminine endings', () => {
    same('four', 'fours');
    same('locaux', 'local');
    same('gâteaux', 'gateau');
    same('professionnelle', 'professionnel');
    same('italienne', 'italien');
    same('boulangère', 'boulanger');
  });

  it('folds English plurals', () => {
    same('ovens', 'oven');
    same('batteries', 'battery');
    same('boxes', 'box');
    same('glasses', 'glass');
    same('dishes', 'dish');
  });

  it('keeps distinct words apart and short words whole', () => {
    expect(termsOf('four')).not.toEqual(termsOf('fourgon'));
    expect(stem('bus')).toBe('bus');
    expect(stem('gas')).toBe('gas');
    expect(termsOf('20 kW')).toEqual(['20', 'kw']);
  });

  it('drops stop words of both languages and repeated words', () => {
    expect(termsOf("La cuisine de l'épicerie et the kitchen, la cuisine")).toEqual(termsOf('cuisine epicerie kitchen'));
    expect(termsOf('de la the and')).toEqual([]);
  });

  it('reads the words of HTML, not its tags or entities', () => {
    expect(termsOf(plainTextOfHtml('<p>Four&nbsp;<strong>à</strong> pizza</p><ul><li>hotte</li><li>évier&amp;plonge</li></ul>'))).toEqual(
      termsOf('four pizza hotte evier plonge'),
    );
  });
});
