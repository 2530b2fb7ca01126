import { describe, expect, it } from 'vitest';
import { decodeSearchToken, encodeSearchToken, searchFingerprint } from './search-cursor';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { fields?: { path: string; rule: string }[] }).fields;
  }
  return undefined;
};

describe('search tokens', () => {
  const search = searchFingerprint({ criteria: { categories: ['SURPLUS'] }, sort: 'DISTANCE_ASC' });

  it('give back the position they were made from, for the same search', () => {
    for (const position of [{ meters: 1234.5678, id: 'ad-1' }]) {
      expect(decodeSearchToken(encodeSearchToken(position, search), search, true)).toEqual(position);
    }
    const date = { key: '2026-11-01T00:00:00.000Z#ad-1' };
    expect(decodeSearchToken(encodeSearchToken(date, search), search, false)).toEqual(date);
    expect(decodeSearchToken(null, search, true)).toBeNull();
  });

  it("refuse another search's token, a forged one, or one of the other kind of order", () => {
    const other = searchFingerprint({ criteria: { categories: ['OTHER'] }, sort: 'DISTANCE_ASC' });
    const token = encodeSearchToken({ meters: 10, id: 'a' }, search);
    const invalid = [{ path: 'nextToken', rule: 'oneOf' }];
    expect(refusal(() => decodeSearchToken(token, other, true))).toEqual(invalid);
    expect(refusal(() => decodeSearchToken(token, search, false))).toEqual(invalid);
    expect(refusal(() => decodeSearchToken('bidon', search, true))).toEqual(invalid);
    const forged = Buffer.from(JSON.stringify({ meters: 'near', id: 'a', f: search })).toString('base64url');
    expect(refusal(() => decodeSearchToken(forged, search, true))).toEqual(invalid);
  });
});
