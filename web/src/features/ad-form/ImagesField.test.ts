import { describe, expect, it } from 'vitest';
import { inChosenOrder, moved } from './ImagesField';

describe('moved', () => {
  it('moves one item to another position, keeping the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('inChosenOrder', () => {
  const ranks: Record<string, number> = { a: 1, b: 2, c: 3 };
  const rank = (key: string) => ranks[key] ?? 0;
  const item = (key: string) => ({ key });

  it('puts an upload that ends late back where its file was chosen', () => {
    // c and b ended before a, which was chosen first.
    expect(inChosenOrder([item('c')], item('b'), rank)).toEqual([item('b'), item('c')]);
    expect(inChosenOrder([item('b'), item('c')], item('a'), rank)).toEqual([item('a'), item('b'), item('c')]);
  });

  it('adds after the pictures already there and after those chosen before it', () => {
    expect(inChosenOrder([item('stored-1'), item('stored-2')], item('a'), rank)).toEqual([item('stored-1'), item('stored-2'), item('a')]);
    expect(inChosenOrder([item('stored-1'), item('a')], item('c'), rank)).toEqual([item('stored-1'), item('a'), item('c')]);
  });
});
