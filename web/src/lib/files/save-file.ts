/**
 * Saves text the page already holds as a file (an export made by the API): the browser's download of a
 * blob, named `fileName`. A module of its own, so that tests can stand in for the browser.
 */
export function saveFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
