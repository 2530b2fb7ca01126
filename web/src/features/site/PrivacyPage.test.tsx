import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ConfigModule from '../../lib/config';
import { i18n } from '../../lib/i18n/i18n';
import type { SiteSettings } from '../../lib/site-settings';
import { answerOperations } from '../../test/fake-api';
import { renderAt } from '../../test/helpers';

const config = vi.hoisted(() => ({ site: {} as SiteSettings }));
vi.mock('../../lib/config', async (importOriginal) => ({
  ...(await importOriginal<typeof ConfigModule>()),
  siteSettings: () => config.site,
  runtimeConfigLoaded: () => true,
  loadRuntimeConfig: () => Promise.resolve({}),
}));

beforeEach(() => {
  config.site = { contactEmail: 'vie-privee@partage.test', privacyOfficer: 'Camille Roy, directrice générale' };
  answerOperations({ me: null, termsVersion: null });
});

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('/confidentialite', () => {
  it('names the person in charge and how to reach them, the rights and the retention periods', async () => {
    renderAt('/confidentialite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Protection of personal information' })).toBeVisible();
    const officer = section('Person in charge');
    expect(
      officer.getByText('The person in charge of the protection of personal information is: Camille Roy, directrice générale.'),
    ).toBeVisible();
    expect(officer.getByRole('link', { name: 'vie-privee@partage.test' })).toHaveAttribute('href', 'mailto:vie-privee@partage.test');
    expect(section('Your rights').getAllByRole('link', { name: 'Account settings' })[0]).toHaveAttribute('href', '/parametres');
    const retention = section('Retention periods');
    expect(retention.getByText('Contracts, receipts and tax documents').nextElementSibling).toHaveTextContent(
      /^6 years after the end of the tax year of the last transaction/,
    );
    expect(retention.getByText('Files of your data').nextElementSibling).toHaveTextContent('24 hours after they are made');
    expect(screen.getByRole('link', { name: 'Full privacy policy (PDF)' })).toHaveAttribute(
      'href',
      '/legal/politique-confidentialite-en.pdf',
    );
  });

  it('names the role Law 25 gives by default when the deployment names nobody, in French too', async () => {
    config.site = {};
    await i18n.changeLanguage('fr');
    renderAt('/confidentialite');
    const officer = within(await screen.findByRole('region', { name: 'Personne responsable' }));
    expect(officer.getByText(/la personne ayant la plus haute autorité/)).toBeVisible();
    expect(officer.getByRole('link', { name: 'le formulaire de contact' })).toHaveAttribute('href', '/nous-joindre');
    await i18n.changeLanguage('en');
  });
});
