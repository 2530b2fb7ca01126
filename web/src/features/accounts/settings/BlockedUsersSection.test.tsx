import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOperations, callsOf } from '../../../test/fake-api';
import { renderAt, signIn } from '../../../test/helpers';
import { aMe } from '../session-user/test-fixtures';

describe('blocked people, in the account settings', () => {
  it('lists them and lifts a block', async () => {
    answerOperations({
      me: aMe({ id: 'u-1', type: 'USER' }),
      myChatPreferences: { emailReminders: true },
      myBlockedUsers: [[{ userId: 'u-2', publicName: 'Importun inc.', blockedAt: '2026-07-02T14:30:00.000Z' }], []],
      unblockUser: 'u-2',
    });
    signIn('USER', 'u-1');
    const { user } = renderAt('/parametres');
    const section = await screen.findByRole('region', { name: 'Blocked people' });
    await user.click(await within(section).findByRole('button', { name: 'Unblock Importun inc.' }));
    expect(await within(section).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(callsOf('unblockUser')).toEqual([{ userId: 'u-2' }]);
  });
});
