// The alert form of /alertes/creer and /alertes/modifier/{id} (spec §2, §3 Alert, §9): the search's
// criteria boxes, a place from address autocomplete or "near me", a radius, the digest's address and
// language. Checked with the server's rules before sending; the server's refusals land on their fields.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALERT_PLACE_LABEL_MAX_LENGTH,
  CONTENT_LANGUAGES,
  DEFAULT_ALERT_RADIUS_KM,
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_RADIUS_KM,
  type CreateAlertInput,
} from '@partage/graphql';
import { AddressAutocomplete } from '../../lib/address/AddressAutocomplete';
import { NearMeButton } from '../../lib/address/NearMeButton';
import { CriteriaFieldsets } from '../../lib/criteria/CriteriaFieldsets';
import { Select } from '../../lib/forms/controls';
import { FieldError, FieldHint, useFieldDescription } from '../../lib/forms/field-description';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import type { FieldMessage } from '../../lib/forms/use-form';
import { ALERT_FIELDS_ORDER, alertInputOf, draftErrors, type AlertDraft, type AlertField } from './alert-draft';

export type AlertFieldErrors = Partial<Record<AlertField, string>>;

interface AlertFormProps {
  initial: AlertDraft;
  submitLabel: string;
  /** Sends the input; resolves with the refusals that belong to fields (none: the page went on). */
  onSubmit: (input: CreateAlertInput) => Promise<AlertFieldErrors | null>;
}

/** A rule's failure as this form words it: the place and radius have messages of their own. */
function messageOf(field: AlertField, rule: string): FieldMessage {
  if (field === 'place') return { key: 'alerts:form.place.invalid' };
  if (field === 'radiusKm') return { key: 'alerts:form.radius.invalid', values: { min: SEARCH_RADIUS_KM.min, max: SEARCH_RADIUS_KM.max } };
  return { key: `validation.${rule}` };
}

export function AlertForm({ initial, submitLabel, onSubmit }: AlertFormProps) {
  const { t } = useTranslation('alerts');
  const [draft, setDraft] = useState(initial);
  const [addressText, setAddressText] = useState(initial.place?.label ?? '');
  const [errors, setErrors] = useState<AlertFieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef(new Map<AlertField, HTMLElement>());
  const register = (field: AlertField) => (element: HTMLElement | null) => {
    if (element) inputs.current.set(field, element);
    else inputs.current.delete(field);
  };
  const radius = useFieldDescription(t('form.radius.hint', { min: SEARCH_RADIUS_KM.min, max: SEARCH_RADIUS_KM.max }), undefined);
  const email = useFieldDescription(undefined, undefined);
  const keyword = useFieldDescription(undefined, undefined);
  const errorOf = (field: AlertField) => (errors[field] ? messageOf(field, errors[field]) : undefined);
  const change = (next: Partial<AlertDraft>) => setDraft({ ...draft, ...next });

  const show = (found: AlertFieldErrors) => {
    setErrors(found);
    const first = ALERT_FIELDS_ORDER.find((field) => found[field]);
    if (first) inputs.current.get(first)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = draftErrors(draft);
    if (Object.keys(found).length > 0) return show(found);
    setErrors({});
    setSubmitting(true);
    try {
      const refused = await onSubmit(alertInputOf(draft));
      if (refused) show(refused);
    } finally {
      setSubmitting(false);
    }
  };

  const radiusError = errorOf('radiusKm');
  const emailError = errorOf('email');
  const describedBy = (...ids: Array<string | undefined>) => ids.filter(Boolean).join(' ') || undefined;
  return (
    <form className="alert-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="form-section">
        <legend>{t('form.what')}</legend>
        <div className="field">
          <label htmlFor={keyword.id}>{t('form.keyword')}</label>
          <input
            id={keyword.id}
            type="text"
            maxLength={SEARCH_KEYWORD_MAX_LENGTH}
            value={draft.criteria.keyword}
            onChange={(event) => change({ criteria: { ...draft.criteria, keyword: event.target.value } })}
          />
        </div>
        <CriteriaFieldsets criteria={draft.criteria} onChange={(criteria) => change({ criteria: { ...draft.criteria, ...criteria } })} />
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('form.where')}</legend>
        <AddressAutocomplete
          label={t('form.place.label')}
          hint={t('form.place.hint')}
          value={addressText}
          maxLength={ALERT_PLACE_LABEL_MAX_LENGTH}
          error={errorOf('place') && t(errorOf('place')!.key)}
          register={register('place')}
          onType={(text) => {
            setAddressText(text);
            if (draft.place) change({ place: null });
          }}
          onPick={({ label, latitude, longitude }) => {
            setAddressText(label);
            change({ place: { label, latitude, longitude } });
          }}
        />
        <NearMeButton
          onLocate={(place) => {
            setAddressText(place.label);
            change({ place });
          }}
        />
        <div className="field">
          <label htmlFor={radius.id}>{t('form.radius.label')}</label>
          <FieldHint id={radius.hintId} text={t('form.radius.hint', { min: SEARCH_RADIUS_KM.min, max: SEARCH_RADIUS_KM.max })} />
          <input
            id={radius.id}
            ref={register('radiusKm')}
            type="text"
            inputMode="numeric"
            required
            placeholder={String(DEFAULT_ALERT_RADIUS_KM)}
            value={draft.radius}
            aria-invalid={radiusError ? true : undefined}
            aria-describedby={describedBy(radius.hintId, radiusError && `${radius.id}-error`)}
            onChange={(event) => change({ radius: event.target.value })}
          />
          <FieldError id={radiusError && `${radius.id}-error`} error={radiusError} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('form.delivery')}</legend>
        <div className="field">
          <label htmlFor={email.id}>{t('form.email')}</label>
          <input
            id={email.id}
            ref={register('email')}
            type="email"
            autoComplete="email"
            required
            value={draft.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError && `${email.id}-error`}
            onChange={(event) => change({ email: event.target.value })}
          />
          <FieldError id={emailError && `${email.id}-error`} error={emailError} />
        </div>
        <Select
          label={t('form.language')}
          value={draft.language}
          options={CONTENT_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          onChange={(language) => change({ language })}
        />
      </fieldset>
      <div className="form-actions">
        <SubmitButton busy={submitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
