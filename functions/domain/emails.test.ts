import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney, UI_LANGUAGES, type UiLanguage } from '@partage/graphql';
import { EMAIL_LAYOUT_TEXTS } from '@partage/graphql/emails';
import { EMAIL_TEXTS, inertText, renderEmail, type EmailName } from './emails';
import { renderAdCard, secondaryLink, type AdCard, type EmailContext } from './email-blocks';
import { EMAIL_TEMPLATES } from './email-templates';
import { extractLinks } from '../adapters/outbox';
import { offersOf } from './alerts/offer-words';

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const NAMES = Object.keys(EMAIL_TEXTS.fr) as EmailName[];
const BASE = 'https://partage.example';
const link = `${BASE}/confirmez-courriel?email=a%40b.ca&token=t`;
const EVIL = '<b>https://evil.example/a</b> www.evil.example x@evil.example "&';

/** Values for every placeholder of every e-mail, the typed ones hostile. */
const deleteLink = `${BASE}/alertes/supprimer/a-1?token=d`;
const moreLink = `${BASE}/annonces`;
const resetLink = `${BASE}/mot-de-passe-oublie`;
const stopLink = `${BASE}/evaluations/arreter-les-rappels?utilisateur=u-1&token=s`;
const documentsLink = `${BASE}/contrats/c0ffee00/recu`;
const VALUES = {
  code: '123456',
  firstName: EVIL,
  minutes: '10',
  hours: '48',
  days: '7',
  link,
  title: EVIL,
  name: EVIL,
  place: EVIL,
  count: '3',
  radius: '10',
  deleteLink,
  moreLink,
  resetLink,
  cards: [] as AdCard[],
  email: EVIL,
  organization: EVIL,
  language: 'français',
  subject: EVIL,
  message: EVIL,
  messages: EVIL,
  cause: EVIL,
  at: '2026-07-01 14:00 UTC',
  period: 'du 1 juillet 2026 au 3 juillet 2026',
  total: formatMoney(25_000, 'fr'),
  version: '2',
  number: 'c0ffee00-1234-4abc-8def-0123456789ab',
  paidAt: '1 juillet 2026 à 10 h 00',
  owner: EVIL,
  tenant: EVIL,
  fee: formatMoney(1_250, 'fr'),
  share: formatMoney(23_750, 'fr'),
  taxLines: 'taxed',
  base: formatMoney(21_744, 'fr'),
  gst: formatMoney(1_087, 'fr'),
  qst: formatMoney(2_169, 'fr'),
  gstRate: '5 %',
  qstRate: '9,975 %',
  gstNumber: '123456789RT0001',
  qstNumber: '1234567890TQ0001',
  feeTaxLines: 'feeTaxed',
  feeGst: formatMoney(54, 'fr'),
  feeQst: formatMoney(108, 'fr'),
  feeGstNumber: '987654321RT0001',
  feeQstNumber: '9876543210TQ0001',
  refunded: formatMoney(5_000, 'fr'),
  reversed: formatMoney(5_000, 'fr'),
  policy: 'MODERATE',
  reason: EVIL,
  dueBy: '5 décembre 2026 à 23 h 59',
  contractLink: `${BASE}/contrats/c0ffee00`,
  deadline: '4 décembre 2026',
  stopLink,
  documentLines: 'ownerDocuments',
  creditLines: 'ownerCreditWithFee',
  receiptNumber: '3F9A1C-2026-000001',
  invoiceNumber: 'PA-2026-000123',
  creditNumber: '3F9A1C-2026-000002',
  feeCreditNumber: 'PA-2026-000124',
  documentsLink,
};

/** The links an e-mail's template has after its action (secondary links), in order. */
const SECONDARY_LINKS: Partial<Record<EmailName, string[]>> = {
  alertConfirmation: [deleteLink],
  alertDigest: [moreLink, deleteLink],
  signUpAttempt: [resetLink],
  ratingReminder: [stopLink],
  ratingYourTurn: [stopLink],
  contractPaid: [documentsLink],
  contractRefunded: [documentsLink],
  contractPartlyRefunded: [documentsLink],
  contractCancelled: [documentsLink],
  contractDisputeLost: [documentsLink],
};

/** The placeholders that take text someone typed. */
const EVIL_PLACEHOLDERS = ['firstName', 'title', 'name', 'place', 'email', 'organization', 'subject', 'message', 'owner', 'tenant'];
const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** A text filled as the renderer does. */
const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, key: keyof typeof VALUES) => inertText(String(VALUES[key])));

/** The subject as VALUES (a count of 3) picks it. */
const subjectOf = (texts: Readonly<Record<string, string>>) => texts.subject ?? texts.subject_other!;

/** Leaves of a JSON object as `path: text`. */
const leaves = (value: object, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value).flatMap(([key, v]) =>
      typeof v === 'string' ? [[`${prefix}${key}`, v]] : Object.entries(leaves(v as object, `${prefix}${key}.`)),
    ),
  );

beforeAll(() => {
  vi.stubEnv('PUBLIC_URL', `${BASE}/`);
});

describe('e-mail texts', () => {
  it('exist in French and English with the same keys and placeholders, the layout too', () => {
    expect(Object.keys(EMAIL_TEXTS.en).sort()).toEqual(NAMES.sort());
    const pairs = [
      ...NAMES.map((name) => [name, EMAIL_TEXTS.fr[name], EMAIL_TEXTS.en[name]] as const),
      ['layout', EMAIL_LAYOUT_TEXTS.fr, EMAIL_LAYOUT_TEXTS.en] as const,
    ];
    for (const [name, fr, en] of pairs) {
      const [frLeaves, enLeaves] = [leaves(fr), leaves(en)];
      expect(Object.keys(enLeaves).sort(), name).toEqual(Object.keys(frLeaves).sort());
      for (const key of Object.keys(frLeaves)) expect(placeholders(enLeaves[key]!), `${name}.${key}`).toEqual(placeholders(frLeaves[key]!));
    }
  });

  it('give every e-mail a template, a subject (one per plural form when it counts), a preheader and the reason it is sent', () => {
    expect(Object.keys(EMAIL_TEMPLATES).sort()).toEqual(NAMES.sort());
    for (const name of NAMES) {
      const texts = EMAIL_TEXTS.fr[name];
      expect(texts, name).toMatchObject({ preheader: expect.any(String), reason: expect.any(String) });
      expect(subjectOf(texts), name).toEqual(expect.any(String));
    }
  });

  it('never writes a plural as "(s)": a count picks its plural form, as i18next does on the web', () => {
    for (const language of UI_LANGUAGES) {
      for (const name of NAMES) expect(Object.values(EMAIL_TEXTS[language][name]).join('\n'), `${language}.${name}`).not.toContain('(s)');
    }
    const digestSubject = (language: 'fr' | 'en', count: string) => renderEmail('alertDigest', language, { ...VALUES, count }).subject;
    expect(digestSubject('fr', '1')).toBe('1 nouvelle annonce pour votre alerte');
    expect(digestSubject('fr', '2')).toBe('2 nouvelles annonces pour votre alerte');
    expect(digestSubject('en', '1')).toBe('1 new ad for your alert');
    expect(digestSubject('en', '12')).toBe('12 new ads for your alert');
  });

  it('carry no placeholder for a name in e-mails to addresses that may not be confirmed', () => {
    const unconfirmedRecipients: EmailName[] = [
      'emailConfirmation',
      'emailChange',
      'passwordReset',
      'adminInvitation',
      'accountCreatedByAdmin',
    ];
    for (const name of unconfirmedRecipients) {
      for (const language of UI_LANGUAGES) {
        const used = Object.values(EMAIL_TEXTS[language][name]).flatMap(placeholders);
        expect(used, `${language}.${name}`).not.toContain('firstName');
        expect(used, `${language}.${name}`).not.toContain('organizationName');
      }
    }
  });
});

describe('renderEmail', () => {
  it.each(NAMES.flatMap((name) => UI_LANGUAGES.map((language) => [name, language] as const)))(
    '%s in %s: subject, text and HTML filled in that language, typed values inert and escaped, links in that language',
    (name, language) => {
      const texts = EMAIL_TEXTS[language][name];
      const { subject, text, html } = renderEmail(name, language, VALUES);
      expect(subject).toBe(fill(subjectOf(texts)));
      for (const part of [subject, text, html]) expect(part).not.toMatch(/\{\{|evil\.example|@evil/);
      expect(html).not.toContain('<b>');
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain(`<title>${escape(subject)}</title>`);
      expect(html).toContain('<meta name="color-scheme" content="light dark" />');
      expect(html).toContain(EMAIL_LAYOUT_TEXTS[language].brand);
      if (EVIL_PLACEHOLDERS.some((key) => Object.values(texts).some((t) => t.includes(`{{${key}}}`)))) {
        expect(text).toContain(inertText(EVIL));
        expect(html).toContain('&lt;b&gt;');
        expect(html).toContain('&quot;&amp;');
      }
      const home = `${BASE}/?lang=${language}`;
      const secondary = (SECONDARY_LINKS[name] ?? []).map((url) => `${url}${url.includes('?') ? '&' : '?'}lang=${language}`);
      if ('action' in texts) {
        const action = `${link}&lang=${language}`;
        expect(extractLinks(text)).toEqual([action, ...secondary, home]);
        expect(html).toContain(`href="${action.replace(/&/g, '&amp;')}"`);
        expect(html).toContain(`>\n${texts.action}\n</a>`);
      } else {
        expect(extractLinks(text)).toEqual([...secondary, home]);
      }
      const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(new URL(href).searchParams.getAll('lang'), href).toEqual([language]);
      expect(html).toContain(`>${escape(fill(texts.preheader))}</div>`);
      expect(html).toContain(escape(fill(texts.reason)));
    },
  );

  it('reads as before in plain text: greeting, paragraphs, the labelled link, the signature, why it was sent', () => {
    const { text } = renderEmail('emailConfirmation', 'fr', { link, hours: '48' });
    expect(text).toBe(
      [
        'Bonjour,',
        'Merci de vous être inscrit à Partage. Pour activer votre compte, confirmez votre adresse courriel.',
        `Confirmer mon adresse courriel :\n${link}&lang=fr`,
        "Ce lien est valide pendant 48 heures. Si vous n'avez pas créé de compte, ignorez ce courriel.",
        "L'équipe Partage",
        `-- \nVous recevez ce courriel parce que cette adresse a servi à créer un compte Partage.\nPartage · ${BASE}/?lang=fr\n`,
      ].join('\n\n'),
    );
  });

  it('shows the sign-in code on its own, greeting the user by name', () => {
    const { subject, text, html } = renderEmail('twoFactorCode', 'en', { code: '123456', firstName: 'Émilie', minutes: '10' });
    expect(subject).toBe('Your sign-in code: 123456');
    expect(text).toMatch(/^Hello Émilie,\n\nHere is your sign-in code:\n\n123456\n\nIt is valid for 10 minutes/);
    expect(html).toMatch(/letter-spacing:6px[^>]*>123456</);
  });

  it('refuses to render an e-mail with an unfilled placeholder or a missing link', () => {
    expect(() => renderEmail('twoFactorCode', 'fr', { code: '123456', minutes: '10' })).toThrow('{{firstName}}');
    expect(() => renderEmail('passwordReset', 'fr', { minutes: '10' })).toThrow('{{link}}');
  });
});

describe('inert text', () => {
  it('breaks what would make a link or an address, and nothing else: amounts, times and dates stay as written', () => {
    expect(inertText('www.evil.example')).toBe('www\u2024evil\u2024example');
    expect(inertText('http://x')).toBe('http\ua789\u2215\u2215x');
    expect(inertText('moi@exemple')).toBe('moi\uff20exemple');
    for (const value of ['$480.00', '1,250.50 $', '10:30 AM', '12/05/2026', '120,00 $ / jour']) expect(inertText(value)).toBe(value);
  });

  it("writes an English amount with its period (it was a look-alike, U+2024, in the paid contract's e-mail)", () => {
    const { text, html } = renderEmail('contractPaid', 'en', { ...VALUES, total: '$480.00', fee: '$24.00', share: '$456.00' });
    expect(text).toContain("Total amount paid: $480.00\nPlatform fee: $24.00\nOwner's share: $456.00");
    expect(html).toContain('Total amount paid: $480.00');
  });
});

/** The placeholders that hold an amount (formatMoney's, as the senders fill them). */
const AMOUNT_PLACEHOLDERS = ['total', 'fee', 'share', 'base', 'gst', 'qst', 'feeGst', 'feeQst', 'refunded', 'reversed'];

/** VALUES with amounts in thousands in `language`, and a digest's cards priced as its sender prices them. */
function valuesWithAmounts(language: UiLanguage) {
  const amounts = Object.fromEntries(AMOUNT_PLACEHOLDERS.map((key, index) => [key, formatMoney(1_234_567 + index * 10_101, language)]));
  const offers = offersOf(
    {
      rent: { kind: 'AMOUNT', amountCents: 123_450, range: null, unit: 'DAY' },
      sale: { kind: 'RANGE', amountCents: null, range: 'FROM_1000_TO_2000' },
      trade: false,
      donation: false,
    },
    language,
  );
  const overTwoThousand = offersOf(
    { rent: null, sale: { kind: 'RANGE', amountCents: null, range: 'FROM_2000' }, trade: true, donation: false },
    language,
  );
  const card = (title: string, cardOffers: AdCard['offers']): AdCard => ({
    url: `${BASE}/annonces/a`,
    title,
    offers: cardOffers,
    town: 'Rimouski',
  });
  return { ...VALUES, ...amounts, cards: [card('Four', offers), card('Camion', overTwoThousand)] };
}

/**
 * Every `$` of `part` belongs to an amount in the language's one format: in French digits grouped by
 * narrow no-break spaces, a comma and two decimals (none for a price bucket), a no-break space, `$`;
 * in English `$`, digits grouped by commas, a period and two decimals. Never "CA", never a look-alike.
 */
function expectWellFormedAmounts(part: string, language: UiLanguage, where: string) {
  const signs = [...part.matchAll(/\$/g)].map((match) => match.index);
  for (const at of signs) {
    expect(part.slice(at + 1), `${where}: "CA" after an amount`).not.toMatch(/^\s*CA\b/);
    if (language === 'fr') {
      expect(part[at - 1], `${where}: the space before $`).toBe('\u00a0');
      const amount = /[^ \n<>(«:]*$/.exec(part.slice(0, at - 1))![0];
      expect(amount, where).toMatch(/^\d{1,3}(\u202f\d{3})*(,\d{2})?$/);
    } else {
      const amount = /^\$[^\s<]*/.exec(part.slice(at))![0].replace(/[.,;:!?)”"]+$/, '');
      expect(amount, where).toMatch(/^\$\d{1,3}(,\d{3})*(\.\d{2})?$/);
    }
  }
  return signs.length;
}

describe('money in every e-mail', () => {
  it.each(NAMES.flatMap((name) => UI_LANGUAGES.map((language) => [name, language] as const)))(
    '%s in %s: amounts of digits, the language’s separators and the sign only',
    (name, language) => {
      const values = valuesWithAmounts(language);
      const rendered = renderEmail(name, language, values);
      const amounts = Object.entries(rendered).map(([part, text]) => expectWellFormedAmounts(text, language, `${name}.${part}`));
      const texts = Object.values(EMAIL_TEXTS[language][name]).join('\n');
      for (const key of AMOUNT_PLACEHOLDERS.filter((key) => texts.includes(`{{${key}}}`))) {
        expect(rendered.text + rendered.html, `${name}: {{${key}}}`).toContain(values[key as keyof typeof values]);
      }
      if (name === 'contractPaid' || name === 'alertDigest') expect(amounts[1], name).toBeGreaterThanOrEqual(3);
    },
  );

  it('covers every placeholder that holds an amount', () => {
    const moneyLike = Object.entries(VALUES).filter(([, value]) => typeof value === 'string' && value.includes('$'));
    expect(moneyLike.map(([key]) => key).sort()).toEqual([...AMOUNT_PLACEHOLDERS].sort());
  });

  it('refuses what was written before: "$ CA", a plain space, U+2024 for a period', () => {
    expect(() => expectWellFormedAmounts('Total : 250,00 $ CA', 'fr', 'old')).toThrow();
    expect(() => expectWellFormedAmounts('Total : 1 250,00 $', 'fr', 'old')).toThrow();
    expect(() => expectWellFormedAmounts('Total: $480\u202400.', 'en', 'old')).toThrow();
    expect(expectWellFormedAmounts(`Total : ${formatMoney(125_000, 'fr')}.`, 'fr', 'new')).toBe(1);
    expect(expectWellFormedAmounts(`<td>${formatMoney(125_000, 'en')}</td>.`, 'en', 'new')).toBe(1);
  });

  it('tells the owner the GST and QST the platform’s fee includes, or that it has none', () => {
    const { text } = renderEmail('contractPaid', 'en', { ...VALUES, feeGst: '$0.54', feeQst: '$1.08' });
    expect(text).toContain(
      'Taxes included in the platform fee:\nGST (5 %), no. 987654321RT0001: $0.54\nQST (9,975 %), no. 9876543210TQ0001: $1.08',
    );
    expect(renderEmail('contractPaid', 'fr', { ...VALUES, feeTaxLines: 'feeUntaxed' }).text).toContain(
      'Les frais de la plateforme ne comptent ni TPS ni TVQ.',
    );
  });
});

describe('links', () => {
  it('carry the language once, after a query or without one', () => {
    for (const [url, expected] of [
      [`${BASE}/gerer-annonces`, `${BASE}/gerer-annonces?lang=en`],
      [`${BASE}/a?lang=fr&x=1`, `${BASE}/a?lang=en&x=1`],
      [`${BASE}/a?x=1#top`, `${BASE}/a?x=1&lang=en#top`],
    ]) {
      expect(renderEmail('adTransferred', 'en', { title: 'Four', link: url! }).text).toContain(`See my ads:\n${expected}\n`);
    }
  });
});

describe('blocks', () => {
  const card: AdCard = {
    url: `${BASE}/annonces/a1?from=digest`,
    title: 'Four <mixte> www.four.example',
    imageUrl: 'https://cdn.example/a1.jpg?w=600&h=400',
    imageAlt: 'Four en inox',
    offers: [{ mode: 'RENT', price: '120,00 $ / jour' }, { mode: 'DONATION' }],
    town: 'Rimouski',
    distanceKm: 12.34,
  };

  it('an ad card: picture with its alt text, linked title, modes and prices, town and distance, in the language', () => {
    const fr = renderAdCard(card, 'fr');
    const href = `${BASE}/annonces/a1?from=digest&amp;lang=fr`;
    expect(fr.html).toContain(`alt="Four en inox" src="https://cdn.example/a1.jpg?w=600&amp;h=400"`);
    expect(fr.html).toContain(`<a href="${href}">Four &lt;mixte&gt; www\u2024four\u2024example</a>`);
    expect(fr.html).toContain('Location : 120,00 $ / jour · Don');
    expect(fr.html).toContain('Rimouski · à 12,3 km');
    expect(fr.text).toBe(
      `Four <mixte> www\u2024four\u2024example\nLocation : 120,00 $ / jour · Don\nRimouski · à 12,3 km\n${BASE}/annonces/a1?from=digest&lang=fr`,
    );
    expect(renderAdCard(card, 'en').text).toContain('Rent: 120,00 $ / jour · Donation\nRimouski · 12.3 km away\n');
  });

  it('an ad card without picture or distance has no image and names the town alone', () => {
    const { html, text } = renderAdCard({ ...card, imageUrl: undefined, distanceKm: undefined }, 'en');
    expect(html).not.toContain('<img');
    expect(text.split('\n')[2]).toBe('Rimouski');
    expect(renderAdCard({ ...card, imageAlt: undefined }, 'en').html).toContain('alt="Four &lt;mixte&gt; www\u2024four\u2024example"');
  });

  it('a secondary link: a plain link in HTML, labelled in the text, in the language', () => {
    const context: EmailContext = {
      language: 'en',
      text: () => 'Manage my alerts',
      value: () => '',
      link: () => `${BASE}/mes-alertes?lang=en`,
      cards: () => [],
    };
    const { html, text } = secondaryLink('manage', 'alerts')(context);
    expect(html).toContain(`<a href="${BASE}/mes-alertes?lang=en">Manage my alerts</a>`);
    expect(text).toBe(`Manage my alerts:\n${BASE}/mes-alertes?lang=en`);
  });
});
