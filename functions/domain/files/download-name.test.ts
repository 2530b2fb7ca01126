import { describe, expect, it } from 'vitest';
import { attachmentDownloadName } from './download-name';

describe('attachmentDownloadName', () => {
  it('keeps a name whose extension fits the checked type', () => {
    expect(attachmentDownloadName('Fiche technique.PDF', 'application/pdf')).toBe('Fiche technique.PDF');
    expect(attachmentDownloadName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(attachmentDownloadName('inventaire.csv', 'text/csv')).toBe('inventaire.csv');
  });

  it('adds the checked type’s extension to a name that would run or open as something else', () => {
    expect(attachmentDownloadName('facture.html', 'text/plain')).toBe('facture.html.txt');
    expect(attachmentDownloadName('outil.bat', 'text/plain')).toBe('outil.bat.txt');
    expect(attachmentDownloadName('rapport.docm', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'rapport.docm.docx',
    );
    expect(attachmentDownloadName('notes', 'text/plain')).toBe('notes.txt');
  });

  it('drops folders, control and direction characters, and names an empty name', () => {
    expect(attachmentDownloadName('../../etc/passwd', 'text/plain')).toBe('passwd.txt');
    expect(attachmentDownloadName('facture\u202efdp.exe', 'application/pdf')).toBe('facturefdp.exe.pdf');
    expect(attachmentDownloadName(' \r\n', 'application/zip')).toBe('fichier.zip');
  });
});
