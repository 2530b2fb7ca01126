// The name an attachment downloads under. The name is the sender's, but the bytes were checked as
// the stored content type: a text file named "facture.html" or "outil.bat" would run as a page or
// a program once saved. The name keeps its stem and gets an extension of its checked type.

const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
  'application/zip': ['zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
};

// eslint-disable-next-line no-control-regex -- control and direction characters are what it removes
const HIDDEN = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** `name` when its extension fits the checked content type, else `name` with that type's extension added; path parts and controls removed. */
export function attachmentDownloadName(name: string, contentType: string): string {
  const base =
    name
      .replace(/^.*[/\\]/, '')
      .replace(HIDDEN, '')
      .trim() || 'fichier';
  const extensions = EXTENSIONS[contentType] ?? ['bin'];
  const extension = /\.([^.]+)$/.exec(base)?.[1]?.toLowerCase();
  return extension && extensions.includes(extension) ? base : `${base}.${extensions[0]}`;
}
