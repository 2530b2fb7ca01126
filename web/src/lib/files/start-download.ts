/**
 * Follows a link whose answer is a download (`Content-Disposition: attachment`): the browser saves the file
 * and the page stays. A module of its own, so that tests can stand in for the browser.
 */
export const startDownload = (url: string): void => window.location.assign(url);
