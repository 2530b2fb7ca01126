import { describe, expect, it } from 'vitest';
import { moved } from './ImagesField';

describe('moved', () => {
  it('moves one item to another position, keeping the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
