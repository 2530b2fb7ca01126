// The contract form (create and edit, owner side): period by the day or by the hour, total in
// dollars (sent as integer cents), terms in rich text, documents joined, the disclaimer. The rules
// are the server's (contractInputChecks, @partage/graphql), checked before anything is sent; the
// server's refusals land on the same fields. Dates the ad's calendar cannot give (booked for another
// contract, or outside its availability) are said on the first date, with the free days around them,
// until the dates change (issue 36 §17). Documents are uploaded as PRIVATE_DOCUMENT files when the form
// is sent; a file of another type or too large is left out with a notice (spec §5, §8).
import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  contractInputChecks,
  formatContractPeriod,
  lastDayOf,
  rentalLength,
  contractPriceCents,
  firstUnavailableDay,
  FREE_DAYS_REACH,
  freeDaysAround,
  overlapsBooked,
  quebecToday,
  readTypedAmount,
  suggestedRentCents,
  typedAmountOf,
  UPLOAD_RULES,
  type RentPrice,
  type DatePrecision,
  type ProposeContractInput,
  type RuleResult,
  type CancellationPolicy,
  type TaxMode,
  type WallClockPeriod,
} from '@partage/graphql';
import { useAdCalendar, type AdCalendar } from '../../lib/ads/calendar';
import { readerLanguage } from '../../lib/ads/localized-text';
import { priceLabel } from '../../lib/ads/price';
import { ApiError } from '../../lib/api/errors';
import { Checkbox } from '../../lib/forms/controls';
import { FieldError, FieldHint, useFieldDescription } from '../../lib/forms/field-description';
import { RichTextEditor } from '../../lib/forms/RichTextEditor';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import type { FieldMessage } from '../../lib/forms/use-form';
import { uploadFile } from '../../lib/files/upload';
import { notifyError } from '../../lib/notifications/notify-error';
import { money } from './contract-format';
import { keepDraft, storedDraft } from './contract-draft';

/** What the form fills (the page adds which conversation and the request's key). */
export type ContractFields = Omit<ProposeContractInput, 'conversationId' | 'requestKey'>;

/** A document of the form: joined already (a fileId), or chosen now and uploaded when the form is sent. */
export interface ContractFormFile {
  key: string;
  name: string;
  fileId?: string;
  file?: File;
}

export interface ContractDraft {
  precision: DatePrecision;
  /** By the day, the first and the last day, both included (issue 39 §1); by the hour, the start and end times. */
  start: string;
  end: string;
  /** Dollars as typed. */
  price: string;
  terms: string;
  files: ContractFormFile[];
  disclaimer: boolean;
}

type FieldName = 'precision' | 'start' | 'end' | 'price' | 'terms' | 'files' | 'disclaimer';
const FIELD_ORDER: FieldName[] = ['precision', 'start', 'end', 'price', 'terms', 'files', 'disclaimer'];

/** The form's field for a path of the input (the server's, or the shared rules'). */
function fieldOf(path: string): FieldName | null {
  const relative = path.replace(/^input\./, '');
  if (relative === 'period.start') return 'start';
  if (relative === 'period.end') return 'end';
  if (relative.startsWith('period')) return 'precision';
  if (relative === 'totalPriceCents') return 'price';
  if (relative === 'terms') return 'terms';
  if (relative.startsWith('files')) return 'files';
  if (relative === 'disclaimerAccepted') return 'disclaimer';
  return null;
}

/** The date input's value as the API writes it: whole hours end in `:00`. */
const periodValue = (precision: DatePrecision, value: string) => (precision === 'HOUR' ? value.slice(0, 16) : value.slice(0, 10));

/** The period as the API writes it: a rental by the day ends as the day after its last one starts. */
function periodOf({ precision, start, end }: Pick<ContractDraft, 'precision' | 'start' | 'end'>): ContractFields['period'] {
  const last = periodValue(precision, end);
  return { precision, start: periodValue(precision, start), end: precision === 'DAY' && last ? addDays(last, 1) : last };
}

/** A contract's stored period as the form shows it: by the day, its last day rather than the day after. */
export const draftPeriodOf = (period: ContractFields['period']): Pick<ContractDraft, 'precision' | 'start' | 'end'> => ({
  precision: period.precision,
  start: period.start,
  end: period.precision === 'DAY' ? lastDayOf(period.end) : period.end,
});

/** Why the ad's calendar cannot give the period: held for another contract, or outside the ad's availability. */
type Clash = 'taken' | 'closed';

/** The period's clash with the calendar as the page knows it (the server has the last word when sent). */
const clashOf = (period: WallClockPeriod, calendar: AdCalendar | null): Clash | null =>
  !calendar
    ? null
    : firstUnavailableDay(period, calendar.availability)
      ? 'closed'
      : overlapsBooked(period, calendar.booked)
        ? 'taken'
        : null;

const CLASH_MESSAGES: Record<Clash, FieldMessage> = {
  taken: { key: 'contracts:form.clash.taken' },
  closed: { key: 'validation.outsideAvailability' },
};

const samePeriod = (a: WallClockPeriod, b: WallClockPeriod) => a.precision === b.precision && a.start === b.start && a.end === b.end;

/** Another precision keeps the days chosen. */
const switchedValue = (precision: DatePrecision, value: string, hour: string) =>
  !value ? '' : precision === 'DAY' ? value.slice(0, 10) : `${value.slice(0, 10)}T${hour}`;

interface Props {
  initial: ContractDraft;
  /**
   * sessionStorage key under which the draft is kept while it is filled (contract-draft.ts), so that leaving
   * to onboard and coming back finds it; the page forgets it once sent.
   */
  draftKey?: string;
  /** The ad's rent price, to suggest a total for the period chosen (the owner may write any other). */
  rent?: RentPrice | null;
  /** The ad, whose calendar (booked dates, availability) the dates are checked against and free days read from. */
  adId?: string;
  /** An edited contract's present period: a hold on it is its own (a tenant paying), no clash. */
  ownPeriod?: WallClockPeriod;
  /** How the ad's prices read about taxes: the amount typed reads the same way (the server applies it). */
  taxMode?: TaxMode | null;
  /** The ad's cancellation policy, which the version carries (null: none, before policies). */
  cancellationPolicy?: CancellationPolicy | null;
  submitLabel: string;
  /** Sends the input; answers the server's refusal to show on the fields, or null when done (or reported otherwise). */
  onSubmit: (input: ContractFields) => Promise<unknown>;
}

export function ContractForm({ initial, draftKey, rent, adId, ownPeriod, taxMode, cancellationPolicy, submitLabel, onSubmit }: Props) {
  const { t, i18n } = useTranslation(['contracts', 'adFields']);
  const [draft, setDraft] = useState(() => (draftKey && storedDraft(draftKey)) || initial);
  useEffect(() => {
    if (draftKey) keepDraft(draftKey, draft);
  }, [draftKey, draft]);
  const [errors, setErrors] = useState<Partial<Record<FieldName, FieldMessage>>>({});
  const [clash, setClash] = useState<Clash | null>(null);
  const adCalendar = useAdCalendar(adId);
  const calendar =
    adCalendar.calendar && ownPeriod
      ? { ...adCalendar.calendar, booked: adCalendar.calendar.booked.filter((period) => !samePeriod(period, ownPeriod)) }
      : adCalendar.calendar;
  const [leftOut, setLeftOut] = useState<{ name: string; reason: 'fileType' | 'fileSize' }[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const precisionId = useId();
  const precisionErrorId = `${precisionId}-error`;
  // The fields' elements, to move focus to the first invalid one: a map kept for the form's life.
  const [controls] = useState(() => new Map<FieldName, HTMLElement>());
  const register = (name: FieldName) => (element: HTMLElement | null) => {
    if (element) controls.set(name, element);
    else controls.delete(name);
  };
  const change = (next: Partial<ContractDraft>) => {
    // A clash is about the dates asked: it stays on the field until they change.
    if ('precision' in next || 'start' in next || 'end' in next) setClash(null);
    setDraft((current) => ({ ...current, ...next }));
  };

  const showErrors = (found: Partial<Record<FieldName, FieldMessage>>, clashed: Clash | null = null) => {
    setErrors(found);
    setClash(clashed);
    const first = FIELD_ORDER.find((name) => found[name] || (clashed && name === 'start'));
    if (first) controls.get(first)?.focus();
  };

  /** The price as typed, read in the interface's language: its cents, or the rule it breaks. */
  const typedPrice = () => readTypedAmount(draft.price, readerLanguage(i18n.language));

  /** The input as the rules read it (a document not uploaded yet stands for itself by its key: the rules read names only). */
  const fields = (): ContractFields => {
    const price = typedPrice();
    return {
      period: periodOf(draft),
      totalPriceCents: 'cents' in price ? price.cents : 0,
      terms: draft.terms,
      files: draft.files.map((file) => ({ fileId: file.fileId ?? file.key, name: file.name })),
      disclaimerAccepted: draft.disclaimer,
    };
  };

  /** A rule's message; by the day, the last day may be the first (one day), never before it. */
  const ruleMessage = (name: FieldName, rule: string): FieldMessage => ({
    key:
      name === 'end' && draft.precision === 'DAY' && rule === 'endAfterStart' ? 'contracts:form.lastDayBeforeFirst' : `validation.${rule}`,
  });

  const check = (): Partial<Record<FieldName, FieldMessage>> => {
    const price = typedPrice();
    const priceRule: RuleResult = 'rule' in price ? price.rule : contractPriceCents(price.cents);
    const found: Partial<Record<FieldName, FieldMessage>> = priceRule ? { price: { key: `validation.${priceRule}` } } : {};
    for (const [path, rule] of contractInputChecks(fields(), new Date())) {
      const name = fieldOf(path);
      if (rule && name && name !== 'price' && !found[name]) found[name] = ruleMessage(name, rule);
    }
    return found;
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const rules = UPLOAD_RULES.PRIVATE_DOCUMENT;
    const accepted = chosen.filter((file) => (rules.contentTypes as readonly string[]).includes(file.type) && file.size <= rules.maxBytes);
    setLeftOut(
      chosen
        .filter((file) => !accepted.includes(file))
        .map((file) => ({
          name: file.name,
          reason: (rules.contentTypes as readonly string[]).includes(file.type) ? 'fileSize' : 'fileType',
        })),
    );
    change({ files: [...draft.files, ...accepted.map((file) => ({ key: crypto.randomUUID(), name: file.name, file }))] });
  };

  /** Uploads the documents chosen now; one the server refuses (its bytes) is left out with its reason. */
  const uploaded = async (): Promise<ContractFormFile[] | null> => {
    const kept: ContractFormFile[] = [];
    for (const item of draft.files) {
      if (item.fileId || !item.file) {
        kept.push(item);
        continue;
      }
      try {
        kept.push({ ...item, fileId: await uploadFile(item.file, 'PRIVATE_DOCUMENT', () => undefined), file: undefined });
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'VALIDATION_FAILED')) throw error;
        setLeftOut((current) => [...current, { name: item.name, reason: 'fileType' }]);
      }
    }
    change({ files: kept });
    return kept.length === draft.files.length ? kept : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = check();
    const clashed = found.precision || found.start || found.end ? null : clashOf(periodOf(draft), calendar);
    if (Object.keys(found).length > 0 || clashed) return showErrors(found, clashed);
    setErrors({});
    setClash(null);
    setSubmitting(true);
    try {
      const files = await uploaded();
      // A refused document was dropped: the owner sees which one before sending again.
      if (!files) return;
      const refusal = await onSubmit({ ...fields(), files: files.map((file) => ({ fileId: file.fileId!, name: file.name })) });
      if (refusal) {
        const byField: Partial<Record<FieldName, FieldMessage>> = {};
        let clashed: Clash | null = null;
        if (refusal instanceof ApiError && refusal.code === 'DATES_UNAVAILABLE') {
          clashed = 'taken';
          // Booked since the page read the calendar: its free days are read again.
          adCalendar.refetch();
        } else if (refusal instanceof ApiError && refusal.code === 'VALIDATION_FAILED') {
          for (const { path, rule } of refusal.fields) {
            const name = fieldOf(path);
            if (path === 'input.period' && rule === 'outsideAvailability') clashed = 'closed';
            else if (name && !byField[name]) byField[name] = ruleMessage(name, rule);
          }
        }
        if (Object.keys(byField).length > 0 || clashed) showErrors(byField, clashed);
        else notifyError(refusal);
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const dateType = draft.precision === 'DAY' ? 'date' : 'datetime-local';
  return (
    <form className="contract-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="choice-group" aria-describedby={errors.precision ? precisionErrorId : undefined}>
        <legend>{t('form.precision')}</legend>
        {(['DAY', 'HOUR'] as const).map((precision) => (
          <div key={precision} className="field field--checkbox">
            <input
              id={`${precisionId}-${precision}`}
              type="radio"
              name="precision"
              value={precision}
              checked={draft.precision === precision}
              ref={precision === 'DAY' ? register('precision') : undefined}
              onChange={() =>
                change({
                  precision,
                  start: switchedValue(precision, draft.start, '09:00'),
                  end: switchedValue(precision, draft.end, '17:00'),
                })
              }
            />
            <label htmlFor={`${precisionId}-${precision}`}>{t(`precision.${precision}`)}</label>
          </div>
        ))}
        <FieldError id={precisionErrorId} error={errors.precision} />
      </fieldset>
      <div className="contract-form__dates">
        <DateField
          label={t(draft.precision === 'DAY' ? 'form.firstDay' : 'form.start')}
          type={dateType}
          value={draft.start}
          error={errors.start ?? (clash ? CLASH_MESSAGES[clash] : undefined)}
          details={clash && calendar && <FreeDays days={freeDaysAround(periodOf(draft), calendar, quebecToday(new Date()))} />}
          register={register('start')}
          onChange={(start) => change({ start })}
        />
        <DateField
          label={t(draft.precision === 'DAY' ? 'form.lastDay' : 'form.end')}
          hint={draft.precision === 'DAY' ? t('form.lastDayHint') : t('form.endHourHint')}
          type={dateType}
          value={draft.end}
          error={errors.end}
          register={register('end')}
          onChange={(end) => change({ end })}
        />
      </div>
      <PeriodSummary period={periodOf(draft)} />
      <PriceField
        label={t('form.price')}
        hint={`${t('form.priceHint')}${taxMode ? ` ${t(`form.priceTaxes.${taxMode}`)}` : ''}`}
        value={draft.price}
        error={errors.price}
        register={register('price')}
        onChange={(price) => change({ price })}
      />
      <RentSuggestion rent={rent} fields={fields()} onUse={(price) => change({ price })} />
      {cancellationPolicy && (
        <p className="contract-form__policy">
          {t('form.cancellationPolicy', { policy: t(`adFields:cancellationPolicyTerms.${cancellationPolicy}`) })}
        </p>
      )}
      <RichTextEditor
        label={t('form.terms')}
        hint={t('form.termsHint')}
        value={draft.terms}
        lang={i18n.language}
        error={errors.terms}
        register={register('terms')}
        onChange={(terms) => change({ terms })}
      />
      <FilesField
        files={draft.files}
        leftOut={leftOut}
        error={errors.files}
        register={register('files')}
        onChoose={choose}
        onRemove={(key) => change({ files: draft.files.filter((file) => file.key !== key) })}
      />
      <Checkbox
        label={t('form.disclaimer')}
        checked={draft.disclaimer}
        error={errors.disclaimer}
        register={register('disclaimer')}
        onChange={(disclaimer) => change({ disclaimer })}
        required
      />
      <SubmitButton busy={submitting}>{submitLabel}</SubmitButton>
    </form>
  );
}

interface DateFieldProps {
  label: string;
  hint?: string;
  type: 'date' | 'datetime-local';
  value: string;
  error?: FieldMessage;
  /** Said under the error, as part of it. */
  details?: ReactNode;
  register: (element: HTMLElement | null) => void;
  onChange: (value: string) => void;
}

function DateField({ label, hint, type, value, error, details, register, onChange }: DateFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} text={hint} />
      <input
        id={id}
        type={type}
        // Whole hours: the picker steps by the hour.
        step={type === 'datetime-local' ? 3600 : undefined}
        value={value}
        ref={register}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} error={error}>
        {details}
      </FieldError>
    </div>
  );
}

/** The free days around dates the ad cannot give, as periods the owner can propose instead. */
function FreeDays({ days }: { days: WallClockPeriod[] }) {
  const { t, i18n } = useTranslation('contracts');
  if (days.length === 0) return <p>{t('form.clash.noneFree', { reach: FREE_DAYS_REACH })}</p>;
  return (
    <>
      <p>{t('form.clash.free', { reach: FREE_DAYS_REACH })}</p>
      <ul className="contract-form__free-days">
        {days.map((period) => (
          <li key={period.start}>{formatContractPeriod(period, readerLanguage(i18n.language))}</li>
        ))}
      </ul>
    </>
  );
}

function PriceField({ label, hint, value, error, register, onChange }: Omit<DateFieldProps, 'type' | 'details'>) {
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  // The sign where the money format puts it (graphql/src/money.ts): before in English, after in French.
  const signFirst = readerLanguage(useTranslation().i18n.language) === 'en';
  const sign = <span aria-hidden="true">$</span>;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} text={hint} />
      <div className="contract-form__price">
        {signFirst && sign}
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          ref={register}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        {!signFirst && sign}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface FilesFieldProps {
  files: ContractFormFile[];
  leftOut: { name: string; reason: 'fileType' | 'fileSize' }[];
  error?: FieldMessage;
  register: (element: HTMLElement | null) => void;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (key: string) => void;
}

function FilesField({ files, leftOut, error, register, onChoose, onRemove }: FilesFieldProps) {
  const { t } = useTranslation('contracts');
  const { id, hintId, errorId, describedBy } = useFieldDescription(t('form.filesHint'), error);
  return (
    <div className="field">
      <label htmlFor={id}>{t('form.files')}</label>
      <FieldHint id={hintId} text={t('form.filesHint')} />
      <input
        id={id}
        type="file"
        multiple
        accept={UPLOAD_RULES.PRIVATE_DOCUMENT.contentTypes.join(',')}
        ref={register}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChoose}
      />
      <FieldError id={errorId} error={error} />
      {files.length > 0 && (
        <ul className="contract-form__files">
          {files.map((file) => (
            <li key={file.key}>
              <span>{file.name}</span>{' '}
              <button type="button" className="link-button" onClick={() => onRemove(file.key)}>
                {t('form.removeFile', { name: file.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {leftOut.length > 0 && (
        <ul role="status" className="contract-form__left-out">
          {leftOut.map((file) => (
            <li key={file.name}>{t(`form.leftOut.${file.reason}`, { name: file.name })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The total the ad's rent price gives for the period, with a button that writes it in the field. */
function RentSuggestion({ rent, fields, onUse }: { rent?: RentPrice | null; fields: ContractFields; onUse: (typed: string) => void }) {
  const { t, i18n } = useTranslation(['contracts', 'adFields']);
  const cents = suggestedRentCents(rent, fields.period);
  if (!rent || cents === null) return null;
  return (
    <p className="contract-form__suggestion">
      {t('form.suggestion', { price: priceLabel(rent, readerLanguage(i18n.language), t), total: money(cents, i18n.language) })}{' '}
      <button type="button" className="link-button" onClick={() => onUse(typedAmountOf(cents, readerLanguage(i18n.language)))}>
        {t('form.useSuggestion')}
      </button>
    </p>
  );
}

/** The period as the contract will say it, with its count of days or hours: what is being agreed on, before sending. */
function PeriodSummary({ period }: { period: ContractFields['period'] }) {
  const { t, i18n } = useTranslation('contracts');
  return (
    <p className="contract-form__period" aria-live="polite">
      {rentalLength(period) ? t('form.periodSummary', { period: formatContractPeriod(period, readerLanguage(i18n.language)) }) : null}
    </p>
  );
}
