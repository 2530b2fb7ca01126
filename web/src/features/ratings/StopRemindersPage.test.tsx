import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt } from '../../test/helpers';

describe('stopping the rating reminders from an e-mail', () => {
  it('asks first, then stops them with the link’s user and token, signed out', async () => {
    answerOperations({ stopRatingReminders: true });
    renderAt('/evaluations/arreter-les-rappels?utilisateur=user-1&token=tok');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rating reminders' })).toBeVisible();
    expect(callsOf('stopRatingReminders')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Stop these reminders' }));
    expect(await screen.findByText('Done: you will receive no more rating reminders.')).toHaveAttribute('role', 'status');
    expect(callsOf('stopRatingReminders')).toEqual([{ input: { userId: 'user-1', token: 'tok' } }]);
  });

  it('says when the link is not valid', async () => {
    answerOperations({ stopRatingReminders: new ApiError('INVALID_TOKEN', 'This link is not valid') });
    renderAt('/evaluations/arreter-les-rappels?utilisateur=user-1&token=forged');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop these reminders' }));
    expect(await screen.findByText('This link is invalid or has expired.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Stop these reminders' })).toBeVisible();
  });
});
