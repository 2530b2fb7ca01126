// The ad form (spec §2 "Ad form", §3 Ad, §5): every AdInput field in sections, checked with the
// shared rules as the server checks them. Creating, editing and preparing share it; the page says
// what a save does.
import {
  ALLERGENS,
  CERTIFICATIONS,
  DAY_PERIODS,
  KITCHEN_EQUIPMENT,
  PRICE_KINDS,
  PRICE_RANGES,
  RENT_UNITS,
  TAX_MODES,
  CANCELLATION_POLICIES,
  TRUCK_TYPES,
  WEEKDAYS,
  AD_CATEGORIES,
  AD_MAX_RESTRICTIONS,
  AD_TEXT_MAX_LENGTH,
  formatPriceRange,
  quebecToday,
  type AdInput,
} from '@partage/graphql';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { AddressAutocomplete } from '../../lib/address/AddressAutocomplete';
import { ApiError } from '../../lib/api/errors';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import {
  adInputOf,
  hasGroup,
  newKey,
  sameAdInput,
  type AdFormValues,
  type DescribedOfferValues,
  type LocalizedValues,
  type PriceValues,
} from './ad-values';
import { Checkbox, Select } from '../../lib/forms/controls';
import type { FieldMessage } from '../../lib/forms/use-form';
import { Checklist, Group, Radios, TextInput } from './fields';
import { ImagesField } from './ImagesField';
import { RichTextEditor } from '../../lib/forms/RichTextEditor';
import { messageOf, useAdForm, type AdForm as Form } from './use-ad-form';
import './ad-form.css';

export interface ContactChoices {
  showPhoneNumber: boolean;
  showEmail: boolean;
  /** Publishing needs it (PHONE_NOT_VERIFIED): the form says so before the owner reaches its end. */
  phoneVerified: boolean;
}

interface AdFormProps {
  initial: AdFormValues;
  /** Create (and prepare) always send; an edit skips a save without change. */
  mode: 'create' | 'edit';
  /** The owner's contact choices, when the owner is the one filling the form. */
  contact: ContactChoices | null;
  save: (input: AdInput) => Promise<unknown>;
  submitLabel: string;
}

const LIMITS = AD_TEXT_MAX_LENGTH;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ad-form__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function AdForm({ initial, mode, contact, save, submitLabel }: AdFormProps) {
  const { t } = useTranslation(['adForm', 'adFields']);
  const form = useAdForm(initial);
  const { values, update, messageAt, register } = form;
  const [submitting, setSubmitting] = useState(false);
  const [uploading, setUploading] = useState(false);

  const set = <K extends keyof AdFormValues>(key: K, value: AdFormValues[K]) => update((current) => ({ ...current, [key]: value }));
  const setIn = <K extends keyof AdFormValues>(key: K, change: Partial<AdFormValues[K]>) =>
    update((current) => ({ ...current, [key]: { ...(current[key] as object), ...change } }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (uploading) return void notify({ type: 'info', text: 'adForm:images.wait' });
    if (!form.validate()) return;
    const input = adInputOf(values, form.language);
    if (mode === 'edit' && sameAdInput(input, form.baseline)) return void notify({ type: 'info', text: 'errors.NO_CHANGE' });
    setSubmitting(true);
    try {
      await save(input);
      form.rebase();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NO_CHANGE') {
        form.rebase();
        notify({ type: 'info', text: 'errors.NO_CHANGE' });
      } else if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields.length > 0) {
        const messages = Object.fromEntries(
          error.fields
            .map(({ path, rule }) => [path.replace(/^input\./, ''), rule])
            .map(([path, rule]) => [path!, messageOf(path!, rule!)]),
        );
        if (!form.showMessages(messages)) notifyError(error);
      } else {
        notifyError(error, { UNAUTHORIZED_ACCESS: 'adForm:errors.unauthorized' });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const { t: fieldT } = useTranslation('adFields');
  const enumLabel = (group: string, value: string): string => fieldT(`${group}.${value}`);
  const optionsOf = <V extends string>(list: readonly V[], group: string) =>
    list.map((value) => ({ value, label: enumLabel(group, value) }));

  return (
    <form noValidate onSubmit={onSubmit} className="ad-form">
      <p className="field__hint">{t('languagesNote')}</p>

      <Section title={t('sections.general')}>
        <LocalizedTextFields
          form={form}
          path="title"
          label={t('fields.title')}
          max={LIMITS.title}
          value={values.title}
          onChange={(title) => set('title', title)}
        />
        <Select
          label={t('fields.category')}
          value={values.category}
          placeholder={t('fields.categoryPlaceholder')}
          options={optionsOf(AD_CATEGORIES, 'categories')}
          error={messageAt('category')}
          register={register('category')}
          onChange={(category) => set('category', category)}
        />
      </Section>

      <Section title={t('sections.description')}>
        <Group legend={t('fields.description')} hint={t('fields.descriptionHint')} error={messageAt('description')}>
          <RichTextEditor
            label={t('fields.inFrench')}
            lang="fr"
            value={values.description.fr}
            error={messageAt('description.fr')}
            register={register('description')}
            onChange={(fr) => setIn('description', { fr })}
          />
          <RichTextEditor
            label={t('fields.inEnglish')}
            lang="en"
            value={values.description.en}
            error={messageAt('description.en')}
            register={register('description.en')}
            onChange={(en) => setIn('description', { en })}
          />
        </Group>
      </Section>

      {values.category !== '' && <CategorySection form={form} set={set} optionsOf={optionsOf} />}

      <Section title={t('sections.address')}>
        <AddressAutocomplete
          label={t('fields.address')}
          hint={t('fields.addressHint')}
          value={values.address.address}
          maxLength={LIMITS.address}
          error={(() => {
            const message = messageAt('address.address', 'address', 'address.town', 'address.postalCode');
            return message && t(message.key, { ns: 'common', ...message.values });
          })()}
          register={register('address')}
          onType={(address) => setIn('address', { address, town: '', postalCode: '', latitude: null, longitude: null })}
          onPick={(place) =>
            setIn('address', {
              address: place.address,
              town: place.town,
              postalCode: place.postalCode ?? '',
              latitude: place.latitude,
              longitude: place.longitude,
            })
          }
        />
        {values.address.latitude !== null && (
          <p className="ad-form__picked" aria-live="polite">
            {t('fields.addressPicked', { town: values.address.town, postalCode: values.address.postalCode })}
          </p>
        )}
        <Checkbox
          label={t('fields.showAddress')}
          hint={t('fields.showAddressHint')}
          checked={values.address.showAddress}
          onChange={(showAddress) => setIn('address', { showAddress })}
        />
      </Section>

      <AvailabilitySection form={form} />

      <Section title={t('sections.certificationsAllergens')}>
        <Checklist
          legend={t('fields.certifications')}
          options={optionsOf(CERTIFICATIONS, 'certifications')}
          value={values.certifications}
          onChange={(v) => set('certifications', v)}
        />
        <Checklist
          legend={t('fields.allergens')}
          hint={t('fields.allergensHint')}
          options={optionsOf(ALLERGENS, 'allergens')}
          value={values.allergens}
          onChange={(v) => set('allergens', v)}
        />
      </Section>

      <Section title={t('sections.offers')}>
        <Group legend={t('fields.modes')} error={messageAt('offers')}>
          {(['rent', 'sale'] as const).map((mode, index) => (
            <PriceOffer
              key={mode}
              form={form}
              mode={mode}
              first={index === 0}
              value={values[mode]}
              onChange={(change) => setIn(mode, change)}
            />
          ))}
          {(['trade', 'donation'] as const).map((mode) => (
            <DescribedOffer key={mode} form={form} mode={mode} value={values[mode]} onChange={(change) => setIn(mode, change)} />
          ))}
        </Group>
        {(values.rent.offered || values.sale.offered) && (
          <Select
            label={t('fields.taxMode')}
            hint={t('fields.taxModeHint')}
            value={values.taxMode}
            placeholder={t('fields.choose')}
            options={TAX_MODES.map((mode) => ({ value: mode, label: t(`adFields:taxModes.${mode}`) }))}
            error={messageAt('taxMode')}
            register={register('taxMode')}
            onChange={(taxMode) => set('taxMode', taxMode)}
          />
        )}
        {values.rent.offered && (
          <Select
            label={t('fields.cancellationPolicy')}
            hint={t('fields.cancellationPolicyHint')}
            value={values.cancellationPolicy}
            placeholder={t('fields.choose')}
            options={CANCELLATION_POLICIES.map((policy) => ({ value: policy, label: t(`adFields:cancellationPolicyTerms.${policy}`) }))}
            error={messageAt('cancellationPolicy')}
            register={register('cancellationPolicy')}
            onChange={(policy) => set('cancellationPolicy', policy)}
          />
        )}
      </Section>

      <Section title={t('sections.contact')}>
        <TextInput
          label={t('fields.organization')}
          hint={t('fields.organizationHint')}
          value={values.organization}
          maxLength={LIMITS.organization}
          error={messageAt('organization')}
          register={register('organization')}
          autoComplete="organization"
          onChange={(organization) => set('organization', organization)}
        />
        {contact && (
          <p>
            <Trans
              t={t}
              i18nKey={`contactNote.${contact.showPhoneNumber ? 'phone' : 'noPhone'}${contact.showEmail ? 'Email' : 'NoEmail'}`}
              components={{ profile: <Link to={PATHS.editProfile} /> }}
            />
          </p>
        )}
        {contact && mode === 'create' && !contact.phoneVerified && <p className="notice notice--info">{t('phoneNeededToPublish')}</p>}
      </Section>

      <Section title={t('sections.images')}>
        <ImagesField form={form} onBusyChange={setUploading} />
      </Section>

      <Section title={t('sections.declaration')}>
        <Checkbox
          label={t('fields.infoIsTrue')}
          checked={values.infoIsTrue}
          error={messageAt('infoIsTrue')}
          register={register('infoIsTrue')}
          onChange={(infoIsTrue) => set('infoIsTrue', infoIsTrue)}
        />
      </Section>

      <div className="form-actions">
        <SubmitButton busy={submitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}

interface LocalizedTextFieldsProps {
  form: Form;
  /** The AdInput path of the text (`title`, `rent.description`). */
  path: string;
  label: string;
  max: number;
  value: LocalizedValues;
  onChange: (value: LocalizedValues) => void;
  multiline?: boolean;
}

/** One text in both languages, side by side; a message on the whole text goes under the French one. */
function LocalizedTextFields({ form, path, label, max, value, onChange, multiline }: LocalizedTextFieldsProps) {
  const { t } = useTranslation('adForm');
  return (
    <div className="ad-form__languages">
      <TextInput
        label={t('fields.inLanguage', { field: label, language: t('languages.fr') })}
        lang="fr"
        value={value.fr}
        maxLength={max}
        multiline={multiline}
        error={form.messageAt(`${path}.fr`, path)}
        register={form.register(path)}
        onChange={(fr) => onChange({ ...value, fr })}
      />
      <TextInput
        label={t('fields.inLanguage', { field: label, language: t('languages.en') })}
        lang="en"
        value={value.en}
        maxLength={max}
        multiline={multiline}
        error={form.messageAt(`${path}.en`)}
        register={form.register(`${path}.en`)}
        onChange={(en) => onChange({ ...value, en })}
      />
    </div>
  );
}

interface CategorySectionProps {
  form: Form;
  set: <K extends keyof AdFormValues>(key: K, value: AdFormValues[K]) => void;
  optionsOf: <V extends string>(list: readonly V[], group: string) => Array<{ value: V; label: string }>;
}

function CategorySection({ form, set, optionsOf }: CategorySectionProps) {
  const { t } = useTranslation('adForm');
  const { values, messageAt, register } = form;
  const has = (group: Parameters<typeof hasGroup>[1]) => hasGroup(values.category, group);
  const text = (
    key:
      | 'descriptionOther'
      | 'professionalKitchenEquipmentOther'
      | 'deliveryTruckTypeOther'
      | 'conditionsTypeDeliveryTruck'
      | 'surfaceDescription'
      | 'surfaceSize'
      | 'equipment'
      | 'conditions',
    multiline = true,
  ) => (
    <TextInput
      label={t(`fields.${key}`)}
      value={values[key]}
      maxLength={key === 'surfaceSize' ? 100 : AD_TEXT_MAX_LENGTH.short}
      multiline={multiline}
      error={messageAt(key)}
      register={register(key)}
      onChange={(value) => set(key, value)}
    />
  );
  return (
    <Section title={t('sections.category', { category: t(`adFields:categories.${values.category}`) })}>
      {has('descriptionOther') && text('descriptionOther')}
      {has('kitchenEquipment') && (
        <>
          <Checklist
            legend={t('fields.professionalKitchenEquipment')}
            options={optionsOf(KITCHEN_EQUIPMENT, 'kitchenEquipment')}
            value={values.professionalKitchenEquipment}
            onChange={(v) => set('professionalKitchenEquipment', v)}
          />
          {values.professionalKitchenEquipment.includes('OTHER') && text('professionalKitchenEquipmentOther', false)}
        </>
      )}
      {has('truck') && (
        <>
          <Select
            label={t('fields.deliveryTruckType')}
            value={values.deliveryTruckType}
            placeholder={t('fields.choose')}
            options={optionsOf(TRUCK_TYPES, 'truckTypes')}
            error={messageAt('deliveryTruckType')}
            register={register('deliveryTruckType')}
            onChange={(v) => set('deliveryTruckType', v)}
          />
          {values.deliveryTruckType === 'OTHER' && text('deliveryTruckTypeOther', false)}
          <Checkbox label={t('fields.canHaveDriver')} checked={values.canHaveDriver} onChange={(v) => set('canHaveDriver', v)} />
          <Checkbox label={t('fields.canShareRoad')} checked={values.canShareRoad} onChange={(v) => set('canShareRoad', v)} />
          <Checkbox label={t('fields.refrigerated')} checked={values.refrigerated} onChange={(v) => set('refrigerated', v)} />
          {text('conditionsTypeDeliveryTruck')}
        </>
      )}
      {has('surface') && (
        <>
          {text('surfaceDescription')}
          {text('surfaceSize', false)}
        </>
      )}
      {has('equipment') && text('equipment')}
      {has('conditions') && text('conditions')}
    </Section>
  );
}

/**
 * The shared rule answers 'required' when neither 'any time' nor a period with a weekday is checked;
 * in a group of boxes that reads as if one were enough, so the group says what it needs.
 */
function availabilityMessage(message: FieldMessage | undefined): FieldMessage | undefined {
  return message?.key === 'validation.required' ? { key: 'adForm:fields.availabilityRequired' } : message;
}

function AvailabilitySection({ form }: { form: Form }) {
  const { t } = useTranslation(['adForm', 'adFields']);
  const { values, update, messageAt, register } = form;
  const availability = values.availability;
  const setAvailability = (change: Partial<AdFormValues['availability']>) =>
    update((current) => ({ ...current, availability: { ...current.availability, ...change } }));
  const today = quebecToday(new Date());
  const restrictions = availability.restrictions;
  const [announcement, setAnnouncement] = useState('');

  return (
    <Section title={t('sections.availability')}>
      <Group legend={t('fields.availability')} error={availabilityMessage(messageAt('availability'))}>
        <Checkbox
          label={t('fields.availableAll')}
          checked={availability.all}
          register={register('availability')}
          onChange={(all) => setAvailability({ all })}
        />
        {!availability.all && (
          <>
            <Checkbox label={t('fields.availableDay')} checked={availability.day} onChange={(day) => setAvailability({ day })} />
            <Checkbox
              label={t('fields.availableEvening')}
              checked={availability.evening}
              onChange={(evening) => setAvailability({ evening })}
            />
            <Checklist
              legend={t('fields.weekdays')}
              options={WEEKDAYS.map((value) => ({ value, label: t(`adFields:weekdays.${value}`) }))}
              value={availability.weekdays}
              onChange={(weekdays) => setAvailability({ weekdays })}
            />
          </>
        )}
      </Group>
      <Group legend={t('fields.restrictions')} hint={t('fields.restrictionsHint')} error={messageAt('availability.restrictions')}>
        <ol className="ad-form__restrictions" ref={register('availability.restrictions')} tabIndex={-1}>
          {restrictions.map((restriction, index) => (
            <li key={restriction.key} className="ad-form__restriction">
              <TextInput
                type="date"
                label={t('fields.restrictionDate', { position: index + 1 })}
                value={restriction.date}
                min={today}
                error={messageAt(`availability.restrictions.${index}.date`)}
                register={register(`availability.restrictions.${index}.date`)}
                onChange={(date) =>
                  setAvailability({ restrictions: restrictions.map((r) => (r.key === restriction.key ? { ...r, date } : r)) })
                }
              />
              <Select
                label={t('fields.restrictionPeriod', { position: index + 1 })}
                value={restriction.period}
                options={DAY_PERIODS.map((value) => ({ value, label: t(`adFields:dayPeriods.${value}`) }))}
                onChange={(period) =>
                  setAvailability({ restrictions: restrictions.map((r) => (r.key === restriction.key ? { ...r, period } : r)) })
                }
              />
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => {
                  setAvailability({ restrictions: restrictions.filter((r) => r.key !== restriction.key) });
                  setAnnouncement(t('fields.restrictionRemoved', { position: index + 1 }));
                }}
              >
                {t('fields.removeRestriction', { position: index + 1 })}
              </button>
            </li>
          ))}
        </ol>
        {restrictions.length < AD_MAX_RESTRICTIONS && (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => {
              setAvailability({ restrictions: [...restrictions, { key: newKey('restriction'), date: today, period: 'ALL_DAY' }] });
              setAnnouncement(t('fields.restrictionAdded', { position: restrictions.length + 1 }));
            }}
          >
            {t('fields.addRestriction')}
          </button>
        )}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </Group>
    </Section>
  );
}

interface PriceOfferProps {
  form: Form;
  mode: 'rent' | 'sale';
  /** The first box of the modes group takes the group's message focus. */
  first: boolean;
  value: PriceValues;
  onChange: (change: Partial<PriceValues>) => void;
}

function PriceOffer({ form, mode, first, value, onChange }: PriceOfferProps) {
  const { t } = useTranslation(['adForm', 'adFields']);
  const { messageAt, register } = form;
  return (
    <div className="ad-form__offer">
      <Checkbox
        label={t(`adFields:modes.${mode}`)}
        checked={value.offered}
        register={first ? register('offers') : undefined}
        onChange={(offered) => onChange({ offered })}
      />
      {value.offered && (
        <div className="ad-form__offer-details">
          <Radios
            legend={t('fields.priceKind', { mode: t(`adFields:modes.${mode}`) })}
            options={PRICE_KINDS.map((kind) => ({ value: kind, label: t(`adFields:priceKinds.${kind}`) }))}
            value={value.kind}
            onChange={(kind) => onChange({ kind })}
          />
          {value.kind === 'AMOUNT' && (
            <TextInput
              label={t('fields.amount', { mode: t(`adFields:modes.${mode}`) })}
              hint={t('fields.amountHint')}
              value={value.amount}
              error={messageAt(`${mode}.amountCents`)}
              register={register(`${mode}.amountCents`)}
              onChange={(amount) => onChange({ amount })}
            />
          )}
          {value.kind === 'RANGE' && (
            <Select
              label={t('fields.range', { mode: t(`adFields:modes.${mode}`) })}
              value={value.range}
              placeholder={t('fields.choose')}
              options={PRICE_RANGES.map((range) => ({ value: range, label: formatPriceRange(range, form.language) }))}
              error={messageAt(`${mode}.range`)}
              register={register(`${mode}.range`)}
              onChange={(range) => onChange({ range })}
            />
          )}
          {mode === 'rent' && (
            <Select
              label={t('fields.rentUnit')}
              value={value.unit}
              placeholder={t('fields.choose')}
              options={RENT_UNITS.map((unit) => ({ value: unit, label: t(`adFields:rentUnits.${unit}`) }))}
              error={messageAt('rent.unit')}
              register={register('rent.unit')}
              onChange={(unit) => onChange({ unit })}
            />
          )}
          <LocalizedTextFields
            form={form}
            path={`${mode}.description`}
            label={t(`fields.priceDescription`, { mode: t(`adFields:modes.${mode}`) })}
            max={AD_TEXT_MAX_LENGTH.short}
            multiline
            value={value.description}
            onChange={(description) => onChange({ description })}
          />
        </div>
      )}
    </div>
  );
}

interface DescribedOfferProps {
  form: Form;
  mode: 'trade' | 'donation';
  value: DescribedOfferValues;
  onChange: (change: Partial<DescribedOfferValues>) => void;
}

function DescribedOffer({ form, mode, value, onChange }: DescribedOfferProps) {
  const { t } = useTranslation(['adForm', 'adFields']);
  return (
    <div className="ad-form__offer">
      <Checkbox label={t(`adFields:modes.${mode}`)} checked={value.offered} onChange={(offered) => onChange({ offered })} />
      {value.offered && (
        <div className="ad-form__offer-details">
          <LocalizedTextFields
            form={form}
            path={`${mode}.description`}
            label={t(`fields.${mode}Description`)}
            max={AD_TEXT_MAX_LENGTH.short}
            multiline
            value={value.description}
            onChange={(description) => onChange({ description })}
          />
        </div>
      )}
    </div>
  );
}
