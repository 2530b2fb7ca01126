import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT_NAME } from '@partage/graphql';
import { i18n } from '../../../lib/i18n/i18n';
import { storedMe } from '../../../lib/profile-form/test-profiles';
import { answerOperations } from '../../../test/fake-api';
import { renderAt, signIn } from '../../../test/helpers';

beforeAll(() => i18n.loadNamespaces(['admin']));

const line = (overrides: Record<string, unknown>) => ({
  id: 'r-1',
  kind: 'EXPORT',
  status: 'DONE',
  subjectId: 'u-7',
  subjectName: 'Épicerie du Coin',
  requestedById: 'u-7',
  requestedByName: 'Épicerie du Coin',
  byAdministrator: false,
  reason: null,
  at: '2026-07-02T14:30:00.000Z',
  ...overrides,
});

describe('admin: the log of privacy requests', () => {
  it('lists each request, who asked it and for whom, the deleted accounts as such, page by page', async () => {
    signIn('ADMIN', 'admin-1');
    const api = answerOperations({
      me: storedMe('admin-1', { type: 'ADMIN' }, { acceptedTos: null }),
      privacyRequests: [
        {
          items: [
            line({
              id: 'r-2',
              kind: 'DELETION',
              subjectId: 'u-8',
              subjectName: DELETED_ACCOUNT_NAME,
              byAdministrator: true,
              requestedById: 'admin-1',
              requestedByName: 'Lucie C.',
              reason: 'Lettre du 2 juin',
            }),
          ],
          nextToken: 'next',
        },
        { items: [line({})], nextToken: null },
      ],
    });
    const { user } = renderAt('/gestion-utilisateurs/demandes-confidentialite');
    const table = within(await screen.findByRole('table', { name: 'Privacy requests' }));
    const [, deletion] = table.getAllByRole('row');
    expect(
      within(deletion!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Jul 2, 2026, 2:30 p.m.', 'Account deletion', 'Deleted account', 'Administrator: Lucie C.', 'Done', 'Lettre du 2 juin']);

    await user.click(screen.getByRole('button', { name: 'Older requests' }));
    expect(await table.findByRole('link', { name: 'Épicerie du Coin' })).toHaveAttribute(
      'href',
      '/gestion-utilisateurs/modifier-utilisateur/u-7',
    );
    expect(table.getByText('The person')).toBeVisible();
    expect(api.calls('privacyRequests')).toEqual([
      { limit: null, nextToken: null },
      { limit: null, nextToken: 'next' },
    ]);
  });
});
