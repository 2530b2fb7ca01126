// Where the file store keeps a file: `files/<area>/<id>`. An upload lands in `incoming`, and only
// once its bytes are checked moves to `public` (served by the CDN at the same path) or `private`
// (read through short-lived signed URLs); what fails the check goes to `quarantine`.

export const FILE_AREAS = ['incoming', 'public', 'private', 'quarantine'] as const;
export type FileArea = (typeof FILE_AREAS)[number];

export const fileKey = (area: FileArea, id: string): string => `files/${area}/${id}`;

/** Public files live apart (on AWS, a bucket only the CDN reads), so no grant on them reaches the others. */
export const isPublicArea = (area: FileArea): boolean => area === 'public';

/** The key prefix of an area, for grants and listings. */
export const fileAreaPrefix = (area: FileArea): string => `files/${area}/`;
