// The search's one-off re-index (npm run reindex:search, docs/search.md), on a table of its own: the
// re-index reads every ad of the table, so beside the engine's suite it would rebuild all of theirs.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../data/client';
import { deleteItems, scanSearchIndex } from '../data/search-index';
import { setMaintenance } from '../data/system-status';
import type { UserRecord } from '../data/users';
import { reindexSearch } from '../domain/search/reindex';
import { givenUser, useTestOutbox } from '../testing/fixtures';
import { givenAdAt, idsOf, near, newArea, offset, pageOf } from '../testing/search-queries';

useTestOutbox();
let owner: UserRecord;
beforeAll(async () => {
  owner = await givenUser({ phoneVerified: true, phoneNumber: '+15145550123' });
});
const adAt = (point: Parameters<typeof givenAdAt>[0], overrides: Parameters<typeof givenAdAt>[1]) =>
  givenAdAt(point, overrides, { by: owner });

describe('the search re-index (npm run reindex:search)', () => {
  it("rebuilds a table's points and counts, the earlier design's postings gone, only with the maintenance switch on", async () => {
    // Given ads whose points and counts are gone, and a keyword posting of the design before them left over.
    const centre = newArea();
    const ids = await Promise.all([1, 3, 2].map((km) => adAt(offset(centre, km, 0), { title: { fr: 'Laminoir à pâte', en: null } })));
    const before = await pageOf({ ...near(centre), keyword: 'laminoir' });
    expect(before.items.map((item) => item.distanceKm)).toEqual([1, 2, 3]);
    const { indexKeys } = await scanSearchIndex();
    await deleteItems(indexKeys);
    const posting = { PK: 'TERM#laminoir', SK: `2026-01-01T00:00:00.000Z#${ids[0]}` };
    await db().send(new PutCommand({ TableName: tableName(), Item: posting }));
    expect(await pageOf({ ...near(centre), keyword: 'laminoir' })).toMatchObject({ items: [] });

    // When it is re-indexed: refused while ads may be written, done once the switch is on.
    await expect(reindexSearch()).rejects.toThrow('maintenance');
    await setMaintenance(true);
    try {
      expect(await reindexSearch()).toMatchObject({ ads: expect.any(Number), deleted: 1 });
    } finally {
      await setMaintenance(false);
    }

    // Then the search finds them again, in every order, and the posting is gone.
    expect(await pageOf({ ...near(centre), keyword: 'laminoir' })).toEqual(before);
    expect(idsOf(await pageOf({ ...near(centre), sort: 'PRICE_ASC', keyword: 'laminoir' })).sort()).toEqual([...ids].sort());
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: posting }))).Item).toBeUndefined();
  });
});
