import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUNDLED_TERMS_DOCUMENTS } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';
import { answerOperations } from '../../../test/fake-api';
import { fill, renderAt, signIn } from '../../../test/helpers';

// jsdom has no network: the storage POST is replaced; the GraphQL half of each upload goes through the fake API.
const post = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/files/multipart', () => ({ postMultipart: post, UploadFailed: Error }));
beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (_url: string, _fields: unknown, _file: Blob, onProgress: (fraction: number) => void) => onProgress(1));
});

const filesOf = (version: string) => ({
  termsFr: `https://cdn.test/files/public/${version}-tfr`,
  termsEn: `https://cdn.test/files/public/${version}-ten`,
  privacyFr: `https://cdn.test/files/public/${version}-pfr`,
  privacyEn: `https://cdn.test/files/public/${version}-pen`,
});
const published = { version: '2026-06', publishedAt: '2026-06-01T14:00:00.000Z', documents: filesOf('2026-06') };
const initial = { version: '2026-01', publishedAt: null, documents: BUNDLED_TERMS_DOCUMENTS };
const acceptance = (n: number) => ({
  acceptedAt: `2026-06-0${n}T15:00:00.000Z`,
  user: {
    id: `u-${n}`,
    email: `membre${n}@exemple.ca`,
    firstName: `Membre${n}`,
    lastName: 'Roy',
    publicName: `Coop ${n}`,
    organizationName: `Coop ${n}`,
  },
});

let uploaded = 0;
function adminApi(answers: Record<string, unknown> = {}) {
  uploaded = 0;
  return answerOperations({
    termsVersions: () => [published, initial],
    requestUpload: () => ({
      fileId: `file-${++uploaded}`,
      url: 'https://upload.test',
      fields: '{}',
      expiresAt: '2026-06-10T10:00:00.000Z',
    }),
    confirmUpload: () => ({ id: `file-${uploaded}`, purpose: 'LEGAL_DOCUMENT', contentType: 'application/pdf', size: 9 }),
    ...answers,
  });
}

async function openPage() {
  signIn('ADMIN', 'admin-1');
  const view = renderAt('/gestion-conditions');
  await screen.findByRole('heading', { level: 1, name: 'Terms of use' });
  return view;
}

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const FILE_LABELS = [
  'Terms of use, French (PDF)',
  'Terms of use, English (PDF)',
  'Privacy policy, French (PDF)',
  'Privacy policy, English (PDF)',
];

async function chooseAll(user: ReturnType<typeof userEvent.setup>) {
  for (const [index, label] of FILE_LABELS.entries()) await user.upload(screen.getByLabelText(label), pdf(`document-${index + 1}.pdf`));
  await waitFor(() => expect(screen.getAllByText(/is uploaded\./)).toHaveLength(4));
}

describe('terms administration', () => {
  it('shows the current version with its four PDFs', async () => {
    adminApi();
    await openPage();
    const current = screen.getByRole('region', { name: 'Current version' });
    expect(await within(current).findByText(/Version 2026-06/)).toBeVisible();
    expect(within(current).getByRole('link', { name: 'Privacy policy (English) of version 2026-06' })).toHaveAttribute(
      'href',
      published.documents.privacyEn,
    );
  });

  it('publishes a new version with its four PDFs, after a confirmation', async () => {
    const api = adminApi({ publishTermsVersion: { version: '2026-07' } });
    const { user } = await openPage();
    await fill(user, screen.getByLabelText('Version label'), ' 2026-07 ');
    await chooseAll(user);
    expect(api.calls('requestUpload')).toEqual(
      Array(4).fill({ input: { purpose: 'LEGAL_DOCUMENT', contentType: 'application/pdf', size: 8 } }),
    );

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish this version?' });
    expect(confirm).toHaveTextContent('Every user will have to accept it at their next visit');
    // Cancelling publishes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('publishTermsVersion')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publish this version?' })).getByRole('button', { name: 'Publish the version' }),
    );
    await waitFor(() =>
      expect(api.calls('publishTermsVersion')).toEqual([
        { input: { version: '2026-07', termsFr: 'file-1', termsEn: 'file-2', privacyFr: 'file-3', privacyEn: 'file-4' } },
      ]),
    );
    expect(await screen.findByText('The new version is published: users will be asked to accept it.')).toBeVisible();
    // The list is asked again, and the form starts anew.
    await waitFor(() => expect(api.calls('termsVersions').length).toBeGreaterThan(1));
    expect(screen.getByLabelText('Version label')).toHaveValue('');
  });

  it('asks for a valid label and every file before confirming, and shows the server’s refusals on their fields', async () => {
    const api = adminApi({
      publishTermsVersion: new ApiError('VALIDATION_FAILED', 'taken', [{ path: 'input.version', rule: 'termsVersionTaken' }]),
    });
    const { user } = await openPage();
    await fill(user, screen.getByLabelText('Version label'), '2026#07');
    await user.upload(screen.getByLabelText(FILE_LABELS[0]!), pdf('a.pdf'));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByLabelText('Version label')).toHaveAccessibleDescription(expect.stringContaining('Letters, digits, dots'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(screen.getByLabelText('Version label'));
    await fill(user, screen.getByLabelText('Version label'), '2026-06');
    await waitFor(() => expect(screen.getByText('a.pdf is uploaded.')).toBeVisible());
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    // The files still missing are named, focus on the first.
    expect(screen.getByLabelText(FILE_LABELS[1]!)).toHaveFocus();
    expect(screen.getByLabelText(FILE_LABELS[3]!)).toHaveAccessibleDescription('This field is required.');

    // A file that is not a PDF is refused before any upload.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText(FILE_LABELS[1]!), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(screen.getByLabelText(FILE_LABELS[1]!)).toHaveAccessibleDescription('This type of file is not accepted here.');
    expect(api.calls('requestUpload')).toHaveLength(1);

    for (const label of FILE_LABELS.slice(1)) await user.upload(screen.getByLabelText(label), pdf(`${label}.pdf`));
    await waitFor(() => expect(screen.getAllByText(/is uploaded\./)).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish the version' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Version label')).toHaveAccessibleDescription(
        expect.stringContaining('This version was published before'),
      ),
    );
  });

  it('tells which file the server refused by its content', async () => {
    adminApi({ confirmUpload: new ApiError('VALIDATION_FAILED', 'not a pdf', [{ path: 'file', rule: 'fileContent' }]) });
    const { user } = await openPage();
    await user.upload(screen.getByLabelText(FILE_LABELS[2]!), pdf('faux.pdf'));
    await waitFor(() =>
      expect(screen.getByLabelText(FILE_LABELS[2]!)).toHaveAccessibleDescription('The file’s content does not match its type.'),
    );
  });

  it('lists who accepted a chosen version, a page at a time', async () => {
    const api = adminApi({
      termsVersionAcceptances: [
        { items: [acceptance(3), acceptance(2)], nextToken: 'page-2' },
        { items: [acceptance(1)], nextToken: null },
      ],
    });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Who accepted 2026-06' }));
    const section = await screen.findByRole('region', { name: 'Acceptances of version 2026-06' });
    expect(await within(section).findByText('2 acceptances shown for version 2026-06.')).toBeVisible();
    const rows = () => within(section).getAllByRole('row').slice(1);
    expect(rows()[0]).toHaveTextContent(/Membre3 Roy.*membre3@exemple\.ca.*Coop 3.*Jun 3, 2026/);

    await user.click(within(section).getByRole('button', { name: 'Show more' }));
    expect(await within(section).findByText('3 acceptances shown for version 2026-06.')).toBeVisible();
    expect(rows().map((row) => within(row).getByRole('link').textContent)).toEqual(['Membre3 Roy', 'Membre2 Roy', 'Membre1 Roy']);
    expect(within(section).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.calls('termsVersionAcceptances')).toEqual([
      { version: '2026-06', limit: 20, nextToken: null },
      { version: '2026-06', limit: 20, nextToken: 'page-2' },
    ]);
  });

  it('is reached from the administrator’s account menu', async () => {
    adminApi();
    signIn('ADMIN', 'admin-1');
    const { user, location } = renderAt('/gestion-utilisateurs');
    await user.click(await screen.findByRole('button', { name: 'My account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Manage the terms of use' }));
    await waitFor(() => expect(location()).toBe('/gestion-conditions'));
  });
});
