import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { quebecToday } from '@partage/graphql';
import { ApiError } from '../../lib/api/errors';
import { saveFile } from '../../lib/files/save-file';
import { i18n } from '../../lib/i18n/i18n';
import { answerOperations, callsOf } from '../../test/fake-api';
import { renderAt, signIn } from '../../test/helpers';

vi.mock('../../lib/files/save-file', () => ({ saveFile: vi.fn() }));

beforeAll(() => i18n.loadNamespaces(['contracts']));
beforeEach(() => vi.mocked(saveFile).mockClear());

const FILE = { fileName: 'books-2026-01-01-to-2026-03-31.csv', csv: '\uFEFFDate,Type\r\n', lineCount: 0 };
const notifications = () => [...document.querySelectorAll('.notification__text')].map((n) => n.textContent);

function openDashboard(more: Record<string, unknown> = {}) {
  signIn('USER', 'user-1');
  answerOperations({
    me: { id: 'user-1', profile: { id: 'user-1' } },
    myUnreadMessageCount: 0,
    myContracts: { items: [], nextToken: null },
    myRatingsToGive: [],
    ...more,
  });
  return renderAt('/tableau-de-bord');
}

describe('the export for the books', () => {
  it('offers this year so far, and saves the file of the period asked for', async () => {
    const { user } = openDashboard({ booksExport: FILE });
    const from = await screen.findByLabelText('First day');
    const today = quebecToday(new Date());
    expect(from).toHaveValue(`${today.slice(0, 4)}-01-01`);
    expect(screen.getByLabelText('Last day')).toHaveValue(today);
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(screen.getByLabelText('Last day'));
    await user.type(screen.getByLabelText('Last day'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Download the CSV file' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(FILE.fileName, FILE.csv, 'text/csv;charset=utf-8'));
    expect(callsOf('booksExport')).toEqual([{ input: { from: '2026-01-01', to: '2026-03-31' } }]);
    expect(notifications()).toContain('The file is downloaded; there is no document in this period.');
  });

  it('says on the field what is wrong with the period, and asks nothing', async () => {
    const { user } = openDashboard({ booksExport: FILE });
    const last = await screen.findByLabelText('Last day');
    await user.clear(screen.getByLabelText('First day'));
    await user.type(screen.getByLabelText('First day'), '2025-01-01');
    await user.clear(last);
    await user.type(last, '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Download the CSV file' }));
    expect(await screen.findByText('An export covers a year at most: choose a shorter period.')).toBeVisible();
    expect(last).toHaveFocus();
    await user.clear(last);
    await user.type(last, '2024-12-31');
    await user.click(screen.getByRole('button', { name: 'Download the CSV file' }));
    expect(await screen.findByText('The end date must be after the start date.')).toBeVisible();
    expect(callsOf('booksExport')).toEqual([]);
  });

  it("says why the server refused, and gives administrators the platform's books", async () => {
    const { user } = openDashboard({ booksExport: new ApiError('EXPORT_PERIOD_TOO_LONG', 'too long') });
    await user.click(await screen.findByRole('button', { name: 'Download the CSV file' }));
    await waitFor(() => expect(notifications()).toContain('An export covers a year at most: choose a shorter period.'));
    expect(saveFile).not.toHaveBeenCalled();

    signIn('ADMIN', 'admin-1');
    answerOperations({ adminContracts: { items: [], nextToken: null }, platformBooksExport: FILE });
    const admin = renderAt('/gestion-contrats');
    expect(await screen.findByRole('heading', { name: "Export the platform's books" })).toBeVisible();
    await admin.user.click(screen.getAllByRole('button', { name: 'Download the CSV file' }).at(-1)!);
    await waitFor(() => expect(callsOf('platformBooksExport')).toHaveLength(1));
  });
});
