// GET /documents/pdf?contrat=&document=&lang=&utilisateur=&jeton=: a contract's numbered document as a
// tagged PDF in the reader's language (issue 39 §4), downloaded from a link the API gave the reader
// (Query.contractDocumentDownload; domain/contracts/document-links.ts). Refused as the API refuses:
// 401 INVALID_TOKEN for a link that is not the reader's, has lapsed, or whose reader can no longer
// sign in; 403 UNAUTHORIZED_ACCESS for a contract they are no party to (whether or not it exists) or
// a document neither issued by nor addressed to them; 404 NOT_FOUND for a document the contract has not.
// Its own Lambda: pdfkit and the font are in no other bundle.

import { AppError, UI_LANGUAGES, type UiLanguage } from '@partage/graphql';
import { getUser } from '../data/users';
import { readableDocument } from '../domain/contracts/document-access';
import { isDocumentLinkToken } from '../domain/contracts/document-links';
import { documentPdf } from '../domain/contracts/document-pdf';
import { httpHandler, type HttpResponse } from './shared/http';
import { observed } from './shared/observed';

const invalidLink = () =>
  new AppError('INVALID_TOKEN', 'This download link is not valid any more: download the document again from its page');

/** Who follows the link, if it is theirs and live, and they may still sign in. */
async function readerOf(query: Record<string, string | undefined>): Promise<{ userId: string; isAdmin: boolean; language: UiLanguage }> {
  const userId = query.utilisateur ?? '';
  if (userId.length > 64 || !(await isDocumentLinkToken(userId, (query.jeton ?? '').slice(0, 128)))) throw invalidLink();
  const user = await getUser(userId);
  if (!user || user.lockedOut) throw invalidLink();
  const language = UI_LANGUAGES.find((candidate) => candidate === query.lang) ?? user.language;
  return { userId, isAdmin: user.role === 'ADMIN', language };
}

/** `RE-…-2026-000001.pdf`: the number, which names the file in the reader's downloads. */
const fileNameOf = (number: string) => `${number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;

export const handler = observed(
  'contract-documents',
  httpHandler(async (event): Promise<HttpResponse> => {
    const query = event.queryStringParameters ?? {};
    const { userId, isAdmin, language } = await readerOf(query);
    const document = await readableDocument(userId, isAdmin, (query.contrat ?? '').slice(0, 128), (query.document ?? '').slice(0, 64));
    const pdf = await documentPdf(document, language);
    return {
      statusCode: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${fileNameOf(document.number)}"`,
        // A party's document: kept by no cache on the way.
        'cache-control': 'private, no-store',
      },
      body: pdf.toString('base64'),
      isBase64Encoded: true,
    };
  }),
);
