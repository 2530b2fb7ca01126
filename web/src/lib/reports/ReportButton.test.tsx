import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOperations, callsOf } from '../../test/fake-api';
import { fill, renderAt } from '../../test/helpers';
import { ReportButton } from './ReportButton';

const page = [{ path: '/', element: <ReportButton kind="MESSAGE" itemId="m-1" conversationId="c-1" label="Report this message" /> }];

describe('the report dialog', () => {
  it('needs a reason, sends it with the note, and thanks the reporter', async () => {
    answerOperations({ reportItem: { kind: 'MESSAGE', itemId: 'm-1', alreadyReported: false } });
    const { user } = renderAt('/', page);
    await user.click(await screen.findByRole('button', { name: 'Report this message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    // The first reason takes the focus, described by the error: a keyboard user goes on from there.
    const first = within(dialog).getAllByRole('radio')[0]!;
    expect(first).toHaveFocus();
    expect(first).toHaveAccessibleDescription('Choose a reason.');
    expect(callsOf('reportItem')).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await fill(user, within(dialog).getByLabelText('Details (optional)'), 'Insults');
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/Thank you: your report was passed on/);
    expect(callsOf('reportItem')).toEqual([
      { input: { kind: 'MESSAGE', itemId: 'm-1', conversationId: 'c-1', reason: 'HARASSMENT', note: 'Insults' } },
    ]);
    // Closed, the dialog gives the focus back to the button that opened it.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report this message' })).toHaveFocus();
  });

  it('gives the focus back to its button when cancelled, and sends nothing', async () => {
    const { user } = renderAt('/', page);
    await user.click(await screen.findByRole('button', { name: 'Report this message' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Report' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report this message' })).toHaveFocus();
    expect(callsOf('reportItem')).toEqual([]);
  });

  it('thanks the same way someone who had reported the item already', async () => {
    answerOperations({ reportItem: { kind: 'MESSAGE', itemId: 'm-1', alreadyReported: true } });
    const { user } = renderAt('/', page);
    await user.click(await screen.findByRole('button', { name: 'Report this message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/Thank you/);
  });
});
