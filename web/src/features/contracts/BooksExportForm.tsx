// "Exporter pour la comptabilité" (issue 39 §5): a period of days, at most a year, and a CSV file of the
// organisation's documents and payouts over it (the platform's for administrators), saved by the
// browser. The period is checked with the server's rules before asking; the server refuses the same.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { booksPeriodChecks, booksPeriodTooLong, quebecToday } from '@partage/graphql';
import { graphqlRequest } from '../../lib/api/graphql';
import { saveFile } from '../../lib/files/save-file';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import { TextField } from '../../lib/forms/TextField';
import { useForm } from '../../lib/forms/use-form';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { BOOKS_EXPORT, PLATFORM_BOOKS_EXPORT } from './operations';

/** `platform`: the platform's books (administrators); else the caller's organisation's. */
export function BooksExportForm({ platform = false }: { platform?: boolean }) {
  const { t } = useTranslation('contracts');
  const titleId = useId();
  const today = quebecToday(new Date());
  const form = useForm(
    {
      from: { rules: [(from, all) => booksPeriodChecks({ from, to: all.to })[0]![1]] },
      to: { rules: [(to, all) => booksPeriodChecks({ from: all.from, to })[1]![1]] },
    },
    // This year so far: what a bookkeeper asks for most.
    { from: `${today.slice(0, 4)}-01-01`, to: today },
  );
  const submit = form.submit(async (period) => {
    if (booksPeriodTooLong(period)) {
      form.showErrors({ to: { key: 'errors.EXPORT_PERIOD_TOO_LONG' } });
      return;
    }
    try {
      const file = platform
        ? (await graphqlRequest(PLATFORM_BOOKS_EXPORT, { input: period })).platformBooksExport
        : (await graphqlRequest(BOOKS_EXPORT, { input: period })).booksExport;
      saveFile(file.fileName, file.csv, 'text/csv;charset=utf-8');
      notify({ type: 'success', text: file.lineCount === 0 ? 'contracts:books.empty' : 'contracts:books.done' });
    } catch (error) {
      notifyError(error);
    }
  });
  return (
    <section aria-labelledby={titleId} className="dashboard__section books-export">
      <h2 id={titleId}>{t(platform ? 'books.platformTitle' : 'books.title')}</h2>
      <p>{t(platform ? 'books.platformIntro' : 'books.intro')}</p>
      <form noValidate onSubmit={submit} className="books-export__form">
        <TextField type="date" autoComplete="off" label={t('books.from')} field={form.bind('from')} />
        <TextField type="date" autoComplete="off" label={t('books.to')} hint={t('books.toHint')} field={form.bind('to')} />
        <SubmitButton busy={form.submitting}>{t('books.submit')}</SubmitButton>
      </form>
    </section>
  );
}
