import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TEXT_MAX_LENGTH, INDUSTRIES, REGISTERING_INTERESTS } from '@partage/graphql';
import { TextField } from '../forms/TextField';
import { CheckboxField } from './CheckboxField';
import { CheckboxGroup, RadioGroup } from './ChoiceGroup';
import { LanguageField } from './LanguageField';
import { organizationTypeChoices, type ProfileField, type ProfileMode, type ProfileValues } from './profile-values';
import { SelectField } from './SelectField';
import type { FieldsForm } from './use-fields-form';
import './profile-form.css';

interface ProfileFieldsProps {
  form: FieldsForm<ProfileValues>;
  /** The fields to ask for (profileFieldsOf): each screen shows only those it needs. */
  fields: ReadonlySet<ProfileField>;
  mode: ProfileMode;
}

/**
 * The profile fields of sign-up, profile edit and the administrators' user forms, in sections.
 * The "other" texts appear only while their choice is OTHER.
 */
export function ProfileFields({ form, fields, mode }: ProfileFieldsProps) {
  const { t } = useTranslation('profile');
  const { values } = form;
  // On another person's account, the browser must not fill in the administrator's own details.
  const autoComplete = (token: string) => (mode === 'adminCreate' || mode === 'adminEdit' ? 'off' : token);

  return (
    <>
      {fields.has('organizationName') && (
        <FormSection title={t('sections.organization')}>
          <TextField
            label={t('fields.organizationName')}
            field={form.text('organizationName')}
            autoComplete={autoComplete('organization')}
            maxLength={ACCOUNT_TEXT_MAX_LENGTH.organization}
          />
          <TextField
            label={t('fields.organizationNEQ')}
            hint={t('hints.organizationNEQ')}
            field={form.text('organizationNEQ')}
            autoComplete="off"
            inputMode="numeric"
            required={false}
          />
          <SelectField
            label={t('fields.organizationType')}
            placeholder={t('fields.organizationTypePlaceholder')}
            field={form.control('organizationType')}
            options={organizationTypeChoices(values.organizationType).map((type) => ({
              value: type,
              label: t(`organizationTypes.${type}`),
            }))}
          />
          {values.organizationType === 'OTHER' && (
            <TextField
              label={t('fields.organizationTypeOtherSpecification')}
              field={form.text('organizationTypeOtherSpecification')}
              autoComplete="off"
              maxLength={ACCOUNT_TEXT_MAX_LENGTH.otherSpecification}
            />
          )}
          <SelectField
            label={t('fields.industry')}
            placeholder={t('fields.industryPlaceholder')}
            field={form.control('industry')}
            options={INDUSTRIES.map((industry) => ({ value: industry, label: t(`industries.${industry}`) }))}
          />
          {values.industry === 'OTHER' && (
            <TextField
              label={t('fields.industryOtherSpecification')}
              field={form.text('industryOtherSpecification')}
              autoComplete="off"
              maxLength={ACCOUNT_TEXT_MAX_LENGTH.otherSpecification}
            />
          )}
          <TextField
            label={t('fields.address')}
            field={form.text('address')}
            autoComplete={autoComplete('street-address')}
            maxLength={ACCOUNT_TEXT_MAX_LENGTH.address}
            required={false}
          />
          <TextField
            label={t('fields.postalCode')}
            hint={t('hints.postalCode')}
            field={form.text('postalCode')}
            autoComplete={autoComplete('postal-code')}
            required={false}
          />
        </FormSection>
      )}

      {fields.has('taxStatus') && (
        <FormSection title={t('sections.taxes')}>
          <RadioGroup
            // An administrator corrects an organisation's status: the words speak of it, not to it.
            legend={t(mode === 'adminEdit' ? 'fields.taxStatusAdmin' : 'fields.taxStatus')}
            hint={t(
              `hints.${values.taxStatus === 'NOT_STATED' ? 'taxStatusNotStated' : 'taxStatus'}${mode === 'adminEdit' ? 'Admin' : ''}`,
            )}
            field={form.control('taxStatus')}
            options={(['REGISTERED', 'SMALL_SUPPLIER'] as const).map((status) => ({ value: status, label: t(`taxStatuses.${status}`) }))}
          />
          {values.taxStatus === 'REGISTERED' && (
            <>
              <TextField label={t('fields.gstNumber')} hint={t('hints.gstNumber')} field={form.text('gstNumber')} autoComplete="off" />
              <TextField label={t('fields.qstNumber')} hint={t('hints.qstNumber')} field={form.text('qstNumber')} autoComplete="off" />
            </>
          )}
        </FormSection>
      )}

      <FormSection title={t('sections.contact')}>
        <TextField
          label={t('fields.firstName')}
          field={form.text('firstName')}
          autoComplete={autoComplete('given-name')}
          maxLength={ACCOUNT_TEXT_MAX_LENGTH.name}
        />
        <TextField
          label={t('fields.lastName')}
          field={form.text('lastName')}
          autoComplete={autoComplete('family-name')}
          maxLength={ACCOUNT_TEXT_MAX_LENGTH.name}
        />
        {fields.has('email') && (
          <TextField
            label={t('fields.email')}
            hint={mode === 'adminEdit' ? t('hints.emailChange') : undefined}
            type="email"
            field={form.text('email')}
            autoComplete={autoComplete('email')}
            maxLength={ACCOUNT_TEXT_MAX_LENGTH.email}
          />
        )}
        {fields.has('showEmail') && <CheckboxField label={t('fields.showEmail')} field={form.control('showEmail')} />}
        {fields.has('phoneNumber') && (
          <TextField
            label={t('fields.phoneNumber')}
            hint={t('hints.phoneNumber')}
            field={form.text('phoneNumber')}
            autoComplete={autoComplete('tel')}
            inputMode="tel"
            required={false}
          />
        )}
        {fields.has('showPhoneNumber') && <CheckboxField label={t('fields.showPhoneNumber')} field={form.control('showPhoneNumber')} />}
      </FormSection>

      {(fields.has('registeringInterests') || fields.has('contactAuthorizationNews') || fields.has('language')) && (
        <FormSection title={t('sections.preferences')}>
          {fields.has('registeringInterests') && (
            <CheckboxGroup
              legend={t('fields.registeringInterests')}
              hint={t('hints.registeringInterests')}
              field={form.control('registeringInterests')}
              options={REGISTERING_INTERESTS.map((interest) => ({ value: interest, label: t(`interests.${interest}`) }))}
            />
          )}
          {fields.has('contactAuthorizationNews') && (
            <fieldset className="choice-group">
              <legend>{t('fields.consents')}</legend>
              <CheckboxField label={t('fields.contactAuthorizationNews')} field={form.control('contactAuthorizationNews')} />
              <CheckboxField label={t('fields.contactAuthorizationSurveys')} field={form.control('contactAuthorizationSurveys')} />
            </fieldset>
          )}
          {fields.has('language') && <LanguageField legend={t('fields.language')} field={form.control('language')} />}
        </FormSection>
      )}
    </>
  );
}

/** A titled part of a long form; sections of one form share a heading level under the page title. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="form-section">
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
