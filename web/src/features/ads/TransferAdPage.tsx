import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { email, required } from '@partage/graphql';
import { PATHS } from '../../app/paths';
import { pickText, readerLanguage } from '../../lib/ads/localized-text';
import { ApiError, errorMessageKey } from '../../lib/api/errors';
import { graphqlRequest } from '../../lib/api/graphql';
import { useApiMutation } from '../../lib/api/queries';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import { TextField } from '../../lib/forms/TextField';
import { useForm } from '../../lib/forms/use-form';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notify } from '../../lib/notifications/store';
import { LoadFailure } from '../../lib/profile-form/LoadFailure';
import { AD_DETAIL, AD_TO_TRANSFER, MANAGED_ADS, TRANSFER_AD, TRANSFER_TARGET_EXISTS } from './operations';
import { useAd } from './use-ad';
import './ads-pages.css';

const NOT_FOUND = { key: 'errors.TRANSFER_USER_NOT_FOUND' };

/**
 * `/annonces/transferer/{id}` (spec §2, ADMIN): gives an unlisted ad to a user by e-mail, after a
 * confirmation step that names both; the address is checked first, so the question is only asked about
 * a user who exists. The ad becomes that user's unpublished ad.
 */
export function TransferAdPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['ads', 'profile']);
  usePageTitle(t('transfer.title'));
  const [load, retry] = useAd(AD_TO_TRANSFER, id || null);
  const navigate = useNavigate();
  const form = useForm({ email: { rules: [required, email] } });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const emailFocusPending = useRef(false);
  const confirmId = useId();
  const refuseAddress = () => {
    form.showErrors({ email: NOT_FOUND });
    emailFocusPending.current = true;
  };
  const transfer = useApiMutation(TRANSFER_AD, {
    // Not this page's own query: it is left at once, and would be asked again first.
    invalidates: [MANAGED_ADS, AD_DETAIL],
    onSuccess: () => {
      notify({ type: 'success', text: 'ads:transfer.done' });
      void navigate(PATHS.manageAds);
    },
    onError: (error) => {
      const code = error instanceof ApiError ? error.code : null;
      setConfirming(null);
      // The address was checked, but the account may have gone or changed since.
      if (code === 'TRANSFER_USER_NOT_FOUND') refuseAddress();
      else setFailure(errorMessageKey(error));
    },
  });

  // The question replaces the form: focus goes to it so that it is read.
  useEffect(() => {
    if (confirming !== null) confirmHeading.current?.focus();
  }, [confirming]);
  // The form comes back (a refused address, or one to change): its e-mail field takes focus once it is
  // in the page again. A frame's delay was not enough: the render that brings it back may come later.
  useEffect(() => {
    if (confirming !== null || !emailFocusPending.current) return;
    emailFocusPending.current = false;
    form.focus('email');
  });

  if (load.status === 'loading')
    return (
      <div className="page page--narrow">
        <h1>{t('transfer.title')}</h1>
        <p role="status" className="page-loading">
          {t('common:loading')}
        </p>
      </div>
    );
  if (load.status === 'failed' || load.status === 'notFound')
    return (
      <div className="page page--narrow">
        <h1>{t('transfer.title')}</h1>
        {load.status === 'failed' ? <LoadFailure failure={load.failure} onRetry={retry} /> : <p role="alert">{t('transfer.notFound')}</p>}
        <Link to={PATHS.manageAds}>{t('transfer.back')}</Link>
      </div>
    );

  const title = pickText(load.ad.title, readerLanguage(i18n.language))?.text ?? t('untitled');
  const confirm = async (address: string) => {
    setFailure(null);
    try {
      const { transferTargetExists } = await graphqlRequest(TRANSFER_TARGET_EXISTS, { email: address });
      // The form stays: showing the message focuses the field.
      if (transferTargetExists) setConfirming(address);
      else form.showErrors({ email: NOT_FOUND });
    } catch (error) {
      setFailure(errorMessageKey(error));
    }
  };

  return (
    <div className="page page--narrow">
      <h1>{t('transfer.title')}</h1>
      <p>{t('transfer.ad', { title })}</p>
      {!load.ad.unlisted && <p className="notice notice--warning">{t('common:errors.AD_NOT_TRANSFERABLE')}</p>}
      {failure && (
        <p role="alert" className="notice notice--error">
          {t(failure, { ns: 'common' })}
        </p>
      )}
      {confirming === null ? (
        <form noValidate onSubmit={form.submit(({ email: address }) => confirm(address.trim()))}>
          <TextField
            label={t('transfer.email')}
            hint={t('transfer.emailHint')}
            type="email"
            autoComplete="off"
            field={form.bind('email')}
          />
          <div className="form-actions">
            <SubmitButton busy={form.submitting}>{t('transfer.continue')}</SubmitButton>
            <Link to={PATHS.manageAds} className="button button--secondary">
              {t('transfer.cancel')}
            </Link>
          </div>
        </form>
      ) : (
        <section aria-labelledby={confirmId} className="panel">
          <h2 id={confirmId} ref={confirmHeading} tabIndex={-1}>
            {t('transfer.confirm', { title, email: confirming })}
          </h2>
          <p>{t('transfer.confirmBody')}</p>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              aria-disabled={transfer.isPending || undefined}
              onClick={() => !transfer.isPending && transfer.mutate({ input: { id: load.ad.id, email: confirming } })}
            >
              {t('transfer.submit')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setConfirming(null);
                emailFocusPending.current = true;
              }}
            >
              {t('transfer.change')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
