// Privacy rights (Quebec's Law 25; docs/privacy.md): what the server and the pages both need to know of
// the data exports, the account deletions and the retention periods the privacy page states.

/** A data export's file is kept this long after it was made, then deleted; its page offers it until then. */
export const DATA_EXPORT_HOURS = 24;
/** A link to download a data export is signed for this long; the settings page asks for a new one while the file is kept. */
export const DATA_EXPORT_LINK_MINUTES = 10;
/** The administrators' log of privacy requests, newest first. */
export const PRIVACY_REQUESTS_PAGE = { default: 20, max: 100 } as const;

/**
 * The public name a deleted account keeps wherever others still see its traces (a conversation, a
 * contract, a rating), in both languages: the server answers one text to every reader.
 */
export const DELETED_ACCOUNT_NAME = 'Compte supprimé · Deleted account';

/**
 * How long what the platform keeps after an account's deletion stays, in years after the end of the tax
 * year of the last transaction: Quebec's Tax Administration Act (s. 35) and Canada's Income Tax Act
 * (s. 230(4)) and Excise Tax Act (s. 286(3)) ask six.
 */
export const TAX_RECORD_RETENTION_YEARS = 6;
