// The resolver frame on its own: single events, batches (BatchInvoke) and how errors come back.

import { describe, expect, it } from 'vitest';
import { AppError, BUNDLED_TERMS_DOCUMENTS } from '@partage/graphql';
import { DataRefusal } from '../../data/errors';
import { ANONYMOUS, asUser, resolverEvent } from '../../testing/fixtures';
import { batched, resolverHandler } from './resolver';

const admin = asUser({ id: 'a1', role: 'ADMIN' });
const row = (id: string) => ({ ...resolverEvent('UserSummary.acceptedTos', {}, admin), source: { id, type: 'USER' } });
const state = (id: string) => ({ id, hasAcceptedLatest: true, latestVersionAvailable: '2026-01' });

describe('resolver frame', () => {
  it('answers one event with its value, an AppError or a data refusal with an envelope', async () => {
    const handler = resolverHandler({
      'Query.termsVersion': () => ({ version: '2026-01', documents: BUNDLED_TERMS_DOCUMENTS }),
      'Query.user': () => {
        throw new AppError('UNAUTHORIZED_ACCESS', 'No');
      },
      'Query.users': () => {
        throw new DataRefusal('BAD_PAGE_TOKEN', 'Invalid page token');
      },
    });
    expect(await handler(resolverEvent('Query.termsVersion', {}, ANONYMOUS))).toEqual({
      version: '2026-01',
      documents: BUNDLED_TERMS_DOCUMENTS,
    });
    expect(await handler(resolverEvent('Query.user', { id: 'x' }, ANONYMOUS))).toEqual({
      __error: { code: 'UNAUTHORIZED_ACCESS', message: 'No', fields: [] },
    });
    expect(await handler(resolverEvent('Query.users', {}, admin))).toEqual({
      __error: { code: 'VALIDATION_FAILED', message: 'Invalid page token', fields: [{ path: 'nextToken', rule: 'oneOf' }] },
    });
  });

  it('hands a batch to a batched resolver in one call and answers in order', async () => {
    const seen: string[][] = [];
    const handler = resolverHandler({
      'UserSummary.acceptedTos': batched(async (calls) => {
        seen.push(calls.map((call) => call.source.id));
        return calls.map(({ source }) => (source.id === 'u2' ? new AppError('NOT_FOUND', 'Gone') : state(source.id)));
      }),
    });
    expect(await handler([row('u1'), row('u2'), row('u3')])).toEqual([
      state('u1'),
      { __error: { code: 'NOT_FOUND', message: 'Gone', fields: [] } },
      state('u3'),
    ]);
    expect(seen).toEqual([['u1', 'u2', 'u3']]);
  });

  it('gives every item the error of a batch refused as a whole, and throws on a short answer', async () => {
    const refused = resolverHandler({
      'UserSummary.acceptedTos': batched(async () => {
        throw new AppError('UNAUTHORIZED_ACCESS', 'No');
      }),
    });
    expect(await refused([row('u1'), row('u2')])).toEqual([
      { __error: { code: 'UNAUTHORIZED_ACCESS', message: 'No', fields: [] } },
      { __error: { code: 'UNAUTHORIZED_ACCESS', message: 'No', fields: [] } },
    ]);
    const short = resolverHandler({ 'UserSummary.acceptedTos': batched(async () => []) });
    await expect(short([row('u1')])).rejects.toThrow('Batch resolver answered 0 results for 1 calls');
  });

  it('throws an unexpected error (Lambda:Unhandled in AppSync) and a field it does not serve', async () => {
    const handler = resolverHandler({
      'Query.me': () => {
        throw new Error('boom');
      },
    });
    await expect(handler(resolverEvent('Query.me', {}, ANONYMOUS))).rejects.toThrow('boom');
    await expect(handler([resolverEvent('Query.termsVersion', {}, ANONYMOUS)])).rejects.toThrow('No resolver for Query.termsVersion');
  });
});
