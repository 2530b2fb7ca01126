// Every DB test checks the table requests of the handlers it runs against their declarations in
// functions/handlers/access.ts (functions/data/declared-access.ts): a request a Lambda's grant would refuse
// on AWS fails its test, even when the handler caught the error.

import { afterEach, expect } from 'vitest';
import { DECLARED_ACCESS_CHECK, takeUndeclaredAccesses } from '../../functions/data/declared-access';

process.env[DECLARED_ACCESS_CHECK] = '1';

afterEach(() => {
  expect(takeUndeclaredAccesses(), 'table requests outside the handlers’ declared access').toEqual([]);
});
