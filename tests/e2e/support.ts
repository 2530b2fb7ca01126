// Helpers shared by the journeys: demo accounts, the dev mailbox, login through the real form.
import { expect, type Page, type APIRequestContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO_PASSWORD = 'Demo-Partage-2026';
export const ACCOUNTS = {
  admin: 'admin@exemple.ca',
  owner: 'proprietaire@exemple.ca',
  tenant: 'locataire@exemple.ca',
} as const;

export type Lang = 'fr' | 'en';

/** Labels the journeys read, per language, exactly as a user sees them. */
export const LABELS = {
  fr: { email: 'Courriel', password: 'Mot de passe', submit: /^Se connecter$/, code: 'Code de vérification', logout: 'Se déconnecter' },
  en: { email: 'Email', password: 'Password', submit: /^Log in$/, code: 'Verification code', logout: 'Log out' },
} as const;

interface OutboxEntry {
  id: string;
  kind: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  sentAt: string;
}

export async function outbox(request: APIRequestContext): Promise<OutboxEntry[]> {
  const response = await request.get('/_dev/outbox.json');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as OutboxEntry[];
}

/** Waits for a new e-mail to `to` sent after `since` and returns it. */
export async function waitForEmail(request: APIRequestContext, to: string, since: number): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(request)).find((e) => e.kind === 'email' && e.to === to && Date.parse(e.sentAt) >= since);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

export async function fillLogin(page: Page, lang: Lang, email: string, password = DEMO_PASSWORD): Promise<void> {
  const l = LABELS[lang];
  await page.getByLabel(l.email, { exact: true }).fill(email);
  await page.getByLabel(l.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: l.submit }).click();
}

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
