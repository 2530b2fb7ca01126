// A contract document as a PDF (issue 39 §4), in the reader's language, with pdfkit: a tagged PDF
// (PDF/UA: its logical structure of headings, paragraphs and a table, its language and title, its
// font embedded), so that a screen reader reads it in order. Only the PDF route's Lambda carries this
// module (handlers/contract-documents.ts): pdfkit and the font stay out of every other bundle.
//
// The font is Noto Sans (the web app's), read from @fontsource/noto-sans, or from PDF_FONTS_DIR where the
// Lambda's bundle copies it (infra/aws/lambdas.ts). It has no narrow no-break space: the French money
// format's thousands separator (U+202F) is written as a no-break space, which keeps the amount whole.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatContractPeriod, formatMoney, formatTaxRate, quebecDay, type UiLanguage } from '@partage/graphql';
import { documentText, type DocumentTextKey } from '@partage/graphql/documents';
import type { ContractDocumentRecord, DocumentPartyRecord } from '../../data/contract-documents';
import { PDF_FONT_FILE_NAMES as FONT_FILES } from './document-fonts';

function fontsDir(): string {
  if (process.env.PDF_FONTS_DIR) return process.env.PDF_FONTS_DIR;
  return join(dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json')), 'files');
}

let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([readFile(join(fontsDir(), FONT_FILES.regular)), readFile(join(fontsDir(), FONT_FILES.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
  ));

const MARGIN = 56;
const AMOUNT_COLUMN = 400;

/** A document's texts and amounts in one language. */
function writer(language: UiLanguage, document: ContractDocumentRecord) {
  const sign = document.kind === 'CREDIT_NOTE' ? -1 : 1;
  return {
    t: (key: DocumentTextKey, values?: Record<string, string>) => documentText(language, key, values),
    money: (cents: number) => formatMoney(sign * cents, language).replace(/\u202f/g, '\u00a0'),
    day: (iso: string) => quebecDay(iso, language),
    adTitle: document.adTitle[language] ?? document.adTitle.fr ?? document.adTitle.en ?? '',
  };
}

/** The PDF of `document` in `language`. */
export async function documentPdf(document: ContractDocumentRecord, language: UiLanguage): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const { t, money, day, adTitle } = writer(language, document);
  const title = `${t(document.kind)} ${document.number}`;
  const options: Omit<PDFKit.PDFDocumentOptions, 'subset' | 'font'> & { subset: 'PDF/UA'; font: Buffer } = {
    size: 'LETTER',
    margin: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/UA',
    tagged: true,
    displayTitle: true,
    lang: language === 'en' ? 'en-CA' : 'fr-CA',
    // The embedded font from the start: pdfkit would load its Helvetica (not embedded, not PDF/UA) otherwise.
    font: regular,
    info: { Title: title, Subject: document.number, Creator: t('platformName') },
  };
  // @types/pdfkit lags pdfkit 0.20, which takes PDF/UA as a subset and a font's bytes as the default font.
  const pdf = new PDFDocument(options as unknown as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);

  const root = pdf.struct('Document');
  pdf.addStructure(root);
  const heading = (type: 'H1' | 'H2', text: string) =>
    root.add(
      pdf.struct(type, {}, () =>
        pdf
          .font('bold')
          .fontSize(type === 'H1' ? 18 : 12)
          .text(text, MARGIN)
          .moveDown(0.3),
      ),
    );
  const paragraph = (text: string) => root.add(pdf.struct('P', {}, () => pdf.font('regular').fontSize(10).text(text, MARGIN)));

  heading('H1', title);
  paragraph(t('issuedAt', { date: day(document.issuedAt) }));
  if (document.refersTo) paragraph(t('refersTo', { number: document.refersTo.number }));
  pdf.moveDown();

  const partyLines = (party: DocumentPartyRecord) => [
    party.name ?? t('platformName'),
    ...(party.address ? [party.address] : []),
    ...(party.postalCode ? [party.postalCode] : []),
    ...(party.neq ? [t('neq', { neq: party.neq })] : []),
    ...(party.gstNumber ? [t('gstNumber', { number: party.gstNumber })] : []),
    ...(party.qstNumber ? [t('qstNumber', { number: party.qstNumber })] : []),
  ];
  for (const [key, party] of [
    ['seller', document.seller],
    ['buyer', document.buyer],
  ] as const) {
    heading('H2', t(key));
    paragraph(partyLines(party).join('\n'));
    pdf.moveDown(0.5);
  }

  heading('H2', t('contract'));
  paragraph(
    [
      t('contractNumber', { id: document.contractId, version: String(document.contractVersion) }),
      t('ad', { title: adTitle }),
      t('period', { period: formatContractPeriod(document.period, language) }),
    ].join('\n'),
  );
  pdf.moveDown(0.5);

  heading('H2', t('details'));
  const { amounts, rates } = document;
  const description = document.line === 'RENTAL' ? t('RENTAL', { title: adTitle }) : t('PLATFORM_FEE', { id: document.contractId });
  const rows: [string, string][] = [
    [description, money(amounts.baseCents)],
    ...(rates
      ? ([
          [t('gst', { rate: formatTaxRate(rates.gst, language) }), money(amounts.gstCents)],
          [t('qst', { rate: formatTaxRate(rates.qst, language) }), money(amounts.qstCents)],
        ] as [string, string][])
      : []),
    [t(document.kind === 'CREDIT_NOTE' ? 'totalCredited' : 'total'), money(amounts.totalCents)],
  ];
  const table = pdf.struct('Table');
  root.add(table);
  const row = (cells: [string, string], header: boolean) => {
    const y = pdf.y;
    const tr = pdf.struct('TR');
    table.add(tr);
    pdf.font(header ? 'bold' : 'regular').fontSize(10);
    tr.add(pdf.struct(header ? 'TH' : 'TD', {}, () => pdf.text(cells[0], MARGIN, y, { width: AMOUNT_COLUMN - MARGIN - 12 })));
    const below = pdf.y;
    tr.add(
      pdf.struct(header ? 'TH' : 'TD', {}, () =>
        pdf.text(cells[1], AMOUNT_COLUMN, y, { width: pdf.page.width - MARGIN - AMOUNT_COLUMN, align: 'right' }),
      ),
    );
    pdf.y = Math.max(below, pdf.y) + 4;
  };
  row([t('description'), t('amount')], true);
  for (const cells of rows) row(cells, false);
  table.end();
  if (!rates) paragraph(t('untaxed'));
  pdf.moveDown();

  heading('H2', t('payment'));
  paragraph(
    [
      t('paidAt', { date: day(document.payment.paidAt) }),
      t('paymentReference', { reference: document.payment.reference }),
      ...(document.credit?.cause === 'CHARGEBACK' ? [t('chargeback')] : []),
      ...(document.credit?.reference && document.credit.cause === 'REFUND'
        ? [t('refundReference', { reference: document.credit.reference })]
        : []),
    ].join('\n'),
  );
  pdf.moveDown();
  paragraph(t('currency'));
  root.end();
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
