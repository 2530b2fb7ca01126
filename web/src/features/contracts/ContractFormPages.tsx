// /contrats/creer?conversation={id} (the owner proposes from a conversation about their ad) and
// /contrats/{id}/modifier (the owner edits while unpaid: a new version; a save with no change is
// ignored with the spec's notice, §4).
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { STORAGE_KEYS, typedAmountOf } from '@partage/graphql';
import { useTranslation } from 'react-i18next';
import { contractPath } from '../../app/paths';
import { readerLanguage } from '../../lib/ads/localized-text';
import { ApiError } from '../../lib/api/errors';
import { useApiMutation, useApiQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notify } from '../../lib/notifications/store';
import { PAYMENT_ONBOARDING } from '../../lib/payments/operations';
import { OnboardingIncompleteNotice } from '../../lib/payments/OnboardingIncompleteNotice';
import { Outcome } from '../../lib/ui/Outcome';
import { localized, type ContractDetails } from './contract-format';
import { forgetDraft } from './contract-draft';
import { ContractLoadFailed, ContractMissing, isContractMissing } from './ContractLoadStates';
import { ContractForm, draftPeriodOf, type ContractDraft } from './ContractForm';
import { CONTRACT, CONTRACT_CONVERSATION, MY_CONTRACTS, PROPOSE_CONTRACT, UPDATE_CONTRACT } from './operations';
import './contracts.css';

const EMPTY_DRAFT: ContractDraft = { precision: 'DAY', start: '', end: '', price: '', terms: '', files: [], disclaimer: false };

/** A refusal the form shows (on its fields, or as a notification); anything else is thrown on. */
const refusalOf = (error: unknown) => {
  if (error instanceof ApiError) return error;
  throw error;
};

export function CreateContractPage() {
  const { t, i18n } = useTranslation('contracts');
  usePageTitle(t('create.title'));
  const [params] = useSearchParams();
  const conversationId = params.get('conversation') ?? '';
  // One key for this page's proposal: sending it again (a retry after a lost answer) makes no second contract.
  const [requestKey] = useState(() => crypto.randomUUID());
  const navigate = useNavigate();
  const conversation = useApiQuery(CONTRACT_CONVERSATION, { id: conversationId }, { enabled: !!conversationId });
  const propose = useApiMutation(PROPOSE_CONTRACT, { invalidates: [MY_CONTRACTS] });
  // Said before the form: the proposal is refused until the owner can be paid (spec §8).
  const onboarding = useApiQuery(PAYMENT_ONBOARDING, {}).data?.me?.paymentOnboarding;
  const location = useLocation();
  const [refusedUnpaid, setRefusedUnpaid] = useState(false);
  const draftKey = `${STORAGE_KEYS.contractDraft}${conversationId}`;
  const found = conversation.data?.conversation;
  const me = found?.participants.find((participant) => participant.isMe);
  const tenant = found?.participants.find((participant) => !participant.isMe);
  const refused =
    !conversationId ||
    found === null ||
    (found && me?.role !== 'OWNER') ||
    (conversation.error instanceof ApiError && conversation.error.code === 'UNAUTHORIZED_ACCESS');

  return (
    <div className="page page--narrow">
      <h1>{t('create.title')}</h1>
      {refused ? (
        <Outcome tone="error">
          <p>{t('create.notYours')}</p>
          <p>
            <Link to="/conversations">{t('create.toConversations')}</Link>
          </p>
        </Outcome>
      ) : conversation.error ? (
        <Outcome tone="error">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button" onClick={() => void conversation.refetch()}>
            {t('retry')}
          </button>
        </Outcome>
      ) : found ? (
        <>
          <p className="contract-form__intro">
            {t('create.intro', { tenant: tenant?.publicName ?? '', ad: found.ad ? localized(found.ad.title, i18n.language) : '' })}
          </p>
          {(refusedUnpaid || (onboarding && onboarding !== 'COMPLETE')) && (
            <OnboardingIncompleteNotice
              key={String(refusedUnpaid)}
              reason={refusedUnpaid ? 'refused' : 'contractForm'}
              state={onboarding}
              returnTo={`${location.pathname}${location.search}`}
            />
          )}
          <ContractForm
            initial={EMPTY_DRAFT}
            draftKey={draftKey}
            rent={found.ad?.rent}
            taxMode={found.ad?.taxMode ?? null}
            cancellationPolicy={found.ad?.cancellationPolicy ?? null}
            adId={found.ad?.id}
            submitLabel={t('create.submit')}
            onSubmit={async (fields) => {
              try {
                const { proposeContract } = await propose.mutateAsync({ input: { ...fields, conversationId, requestKey } });
                forgetDraft(draftKey);
                notify({ type: 'success', text: 'contracts:create.done' });
                await navigate(contractPath(proposeContract.id));
                return null;
              } catch (error) {
                // The provider's verdict changed since the page asked: the notice and its button, not a passing message.
                if (error instanceof ApiError && error.code === 'PAYMENT_ONBOARDING_INCOMPLETE') {
                  setRefusedUnpaid(true);
                  return null;
                }
                return refusalOf(error);
              }
            }}
          />
        </>
      ) : (
        <p role="status">{t('common:loading')}</p>
      )}
    </div>
  );
}

export function EditContractPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('contracts');
  usePageTitle(t('edit.title'));
  const query = useApiQuery(CONTRACT, { id });
  const contract = query.data?.contract;
  const missing = isContractMissing(contract, query.error);

  if (missing) return <ContractMissing title={t('edit.title')} />;
  if (query.error) return <ContractLoadFailed title={t('edit.title')} onRetry={() => void query.refetch()} />;
  return (
    <div className="page page--narrow">
      <h1>{t('edit.title')}</h1>
      {contract && !contract.availableActions.includes('EDIT') ? (
        <Outcome tone="info">
          <p>{t('edit.notEditable')}</p>
          <p>
            <Link to={contractPath(contract.id)}>{t('edit.toContract')}</Link>
          </p>
        </Outcome>
      ) : contract ? (
        <ContractEdition contract={contract} />
      ) : (
        <p role="status">{t('common:loading')}</p>
      )}
    </div>
  );
}

function ContractEdition({ contract }: { contract: ContractDetails }) {
  const { t, i18n } = useTranslation('contracts');
  const navigate = useNavigate();
  const update = useApiMutation(UPDATE_CONTRACT, { invalidates: [CONTRACT, MY_CONTRACTS] });
  const [initial] = useState<ContractDraft>(() => ({
    ...draftPeriodOf(contract.current.period),
    // The price as the owner wrote it (before taxes when they are added): the total holds the taxes.
    price: typedAmountOf(contract.current.priceCents, readerLanguage(i18n.language)),
    terms: contract.current.terms,
    files: contract.current.files.map((file) => ({ key: file.fileId, fileId: file.fileId, name: file.name })),
    disclaimer: contract.current.disclaimerAccepted,
  }));
  return (
    <ContractForm
      initial={initial}
      adId={contract.ad.id}
      ownPeriod={contract.current.period}
      taxMode={contract.current.taxes.mode}
      cancellationPolicy={contract.current.cancellationPolicy ?? null}
      submitLabel={t('edit.submit')}
      onSubmit={async (fields) => {
        try {
          await update.mutateAsync({ input: { ...fields, contractId: contract.id, expectedVersion: contract.version } });
          notify({ type: 'success', text: 'contracts:edit.done' });
          await navigate(contractPath(contract.id));
          return null;
        } catch (error) {
          // The server compares what the tenant would see: it is the judge of "no change".
          if (error instanceof ApiError && error.code === 'NO_CHANGE') {
            notify({ type: 'info', text: 'errors.NO_CHANGE' });
            return null;
          }
          return refusalOf(error);
        }
      }}
    />
  );
}
