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
import { SubmitButton } from '../../lib/forms/SubmitButton';
import { TextField } from '../../lib/forms/TextField';
import type { FieldBinding, FieldMessage } from '../../lib/forms/use-form';
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
  const { register, focus } = useFocusTargets<AlertField>();
  const errorOf = (field: AlertField) => (errors[field] ? messageOf(field, errors[field]) : undefined);
  const change = (next: Partial<AlertDraft>) => setDraft({ ...draft, ...next });
  /** What TextField reads of a field: the keyword has no rule, so neither message nor focus. */
  const binding = (name: AlertField | 'keyword', value: string, set: (value: string) => void): FieldBinding => ({
    name,
    value,
    error: name === 'keyword' ? undefined : errorOf(name),
    onChange: (event) => set(event.target.value),
    register: name === 'keyword' ? () => undefined : register(name),
  });

  const show = (found: AlertFieldErrors) => {
    setErrors(found);
    const first = ALERT_FIELDS_ORDER.find((field) => found[field]);
    if (first) focus(first);
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

  return (
    <form className="alert-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="form-section">
        <legend>{t('form.what')}</legend>
        <TextField
          label={t('form.keyword')}
          autoComplete="off"
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          required={false}
          field={binding('keyword', draft.criteria.keyword, (keyword) => change({ criteria: { ...draft.criteria, keyword } }))}
        />
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
        <TextField
          label={t('form.radius.label')}
          hint={t('form.radius.hint', { min: SEARCH_RADIUS_KM.min, max: SEARCH_RADIUS_KM.max })}
          autoComplete="off"
          inputMode="numeric"
          placeholder={String(DEFAULT_ALERT_RADIUS_KM)}
          field={binding('radiusKm', draft.radius, (radius) => change({ radius }))}
        />
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('form.delivery')}</legend>
        <TextField
          label={t('form.email')}
          type="email"
          autoComplete="email"
          field={binding('email', draft.email, (email) => change({ email }))}
        />
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

/** The fields' elements, so that a refused submit can move focus to the first message (WCAG 3.3.1). */
function useFocusTargets<Field extends string>() {
  const elements = useRef(new Map<Field, HTMLElement>());
  return {
    register: (field: Field) => (element: HTMLElement | null) => {
      if (element) elements.current.set(field, element);
      else elements.current.delete(field);
    },
    focus: (field: Field) => elements.current.get(field)?.focus(),
  };
}
