// The PDF documents' font files (Noto Sans, regular and bold, from @fontsource/noto-sans): read by
// document-pdf.ts, copied into the PDF route's bundle by infra/aws/lambdas.ts.
export const PDF_FONT_FILE_NAMES = { regular: 'noto-sans-latin-400-normal.woff', bold: 'noto-sans-latin-700-normal.woff' } as const;
