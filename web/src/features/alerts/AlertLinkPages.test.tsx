import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt } from '../../test/helpers';

describe('alert link pages', () => {
  it('confirms an alert from its e-mailed link, without signing in, only once asked', async () => {
    answerOperations({ confirmAlert: { id: 'alert-1', status: 'ACTIVE', language: 'ENGLISH' } });
    renderAt('/alertes/confirmer/alert-1?token=tok-1');
    const confirm = await screen.findByRole('button', { name: 'Confirm the alert' });
    // A visit (a mail scanner's too) changes nothing.
    expect(callsOf('confirmAlert')).toEqual([]);
    await userEvent.click(confirm);
    expect(await screen.findByText('Your alert is confirmed and active. You will receive the new ads every week.')).toBeVisible();
    expect(callsOf('confirmAlert')).toEqual([{ input: { id: 'alert-1', token: 'tok-1' } }]);
  });

  it('deletes an alert from its link once its one button is pressed, never on the visit', async () => {
    answerOperations({ deleteAlertByLink: 'alert-1' });
    renderAt('/alertes/supprimer/alert-1?token=tok-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delete an alert' })).toBeVisible();
    expect(screen.getByText('Do you want to delete this alert? You will no longer receive its e-mails.')).toBeVisible();
    expect(callsOf('deleteAlertByLink')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the alert' }));
    expect(await screen.findByText('Your alert is deleted. You will no longer receive its e-mails.')).toBeVisible();
    expect(callsOf('deleteAlertByLink')).toEqual([{ input: { id: 'alert-1', token: 'tok-2' } }]);
  });

  it('says the alert is already deleted when it is', async () => {
    answerOperations({ deleteAlertByLink: new ApiError('ALERT_ALREADY_DELETED', 'Gone') });
    renderAt('/alertes/supprimer/alert-1?token=tok-2');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the alert' }));
    expect(await screen.findByText('Alert already deleted.')).toBeVisible();
  });

  it('explains a wrong token', async () => {
    answerOperations({ confirmAlert: new ApiError('INVALID_TOKEN', 'Bad token') });
    renderAt('/alertes/confirmer/alert-1?token=wrong');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the alert' }));
    expect(await screen.findByText(/This link is not valid/)).toBeVisible();
  });

  it('needs no call, nor a button, to refuse a link without its token', async () => {
    answerOperations({});
    renderAt('/alertes/supprimer/alert-1');
    expect(await screen.findByText(/This link is not valid/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete the alert' })).not.toBeInTheDocument();
    expect(callsOf('deleteAlertByLink')).toEqual([]);
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    answerOperations({ deleteAlertByLink: new ApiError('ALERT_ALREADY_DELETED', 'Gone') });
    renderAt('/alertes/supprimer/alert-1?token=tok-2');
    await userEvent.click(await screen.findByRole('button', { name: "Supprimer l'alerte" }));
    expect(await screen.findByText('Alerte déjà supprimée.')).toBeVisible();
  });
});
