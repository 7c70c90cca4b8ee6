import { MEMBER_CURRENCIES } from '@mekong/contracts/constants';
import type { Bank } from '@mekong/contracts/lookup';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { upperCased } from '@/components/form/upper-cased';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { errorCodeOf } from '@/lib/error-message';
import { SignInInstead } from '@/features/register/components/sign-in-instead';
import { StepActions } from '@/features/register/components/step-actions';
import { banksQuery, sourcesQuery } from '@/lib/lookup-queries';
import { accountNameOf, bankFormSchema, needsEnglish } from '@/features/register/hooks/bank-form-schema';
import { romaniseThai } from '@/features/register/hooks/romanise-thai';
import { isEnglishName } from '@mekong/contracts/fields';
import { isLaosBuild } from '@/lib/config';
import { currentLocale } from '@/lib/i18n';
import { bankName, pickLocalized } from '@/lib/localized';
import { translateCode } from '@/lib/error-message';
import { FormErrorSlot } from '@/components/form/form-error-slot';

export type BankStepValues = {
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  sourceCode: string;
  inviteCode: string;
  currency: 'LAK' | 'BAHT';
};

type BankField = 'bankCode' | 'firstName' | 'lastName' | 'bankAccountNo' | 'sourceCode' | 'inviteCode' | 'currency';

/** Which fields a refusal of the registration concerns; other refusals show under the form. */
const FIELDS_OF_CODE: Partial<Record<string, readonly BankField[]>> = {
  EXISTING_BANK: ['bankAccountNo'],
  BANK_ACCOUNT_NO_INVALID: ['bankAccountNo'],
  INVALID_BANK: ['bankCode'],
  BANK_REQUIRED: ['bankCode'],
  BANK_ACCOUNT_NAME_ENG: ['firstName', 'lastName'],
  BANK_ACCOUNT_NAME_REQUIRED: ['firstName', 'lastName'],
  INVITE_CODE_INVALID: ['inviteCode'],
  SOURCE_INVALID: ['sourceCode'],
  CURRENCY_INVALID: ['currency'],
};

type BankStepProps = {
  /** The phone being registered: "sign in instead" uses it when the server says it is taken. */
  phone: string;
  /** The name typed at the profile step: the account name starts from it (first word, then the rest). */
  defaultName: string;
  inviteCode: string;
  isInviteLocked: boolean;
  onSubmit: (values: BankStepValues) => Promise<void>;
  onBack: () => void;
};


export function BankStep({ phone, defaultName, inviteCode, isInviteLocked, onSubmit, onBack }: BankStepProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language ? currentLocale() : 'th';
  const { data: allBanks = [] } = useQuery(banksQuery);
  const { data: sources = [] } = useQuery(sourcesQuery);
  const schema = useMemo(() => bankFormSchema(allBanks), [allBanks]);

  const [formError, setFormError] = useState<string | null>(null);
  const [typedFirst = '', ...typedRest] = defaultName.trim().split(/\s+/);
  const { field, handleSubmit, watch, setError, setValue, formState } = useSchemaForm(schema, {
    bankCode: '',
    firstName: typedFirst,
    lastName: typedRest.join(' '),
    bankAccountNo: '',
    sourceCode: '',
    inviteCode,
    currency: isLaosBuild ? 'LAK' : 'BAHT',
  });

  const bankCode = watch('bankCode');
  const accountName = accountNameOf(watch('firstName') ?? '', watch('lastName') ?? '');
  const isEnglishRequired = bankCode ? needsEnglish(bankCode, allBanks) : false;
  // Said before the member submits: the bank takes English letters only, with a spelling to start from.
  const isEnglishMissing = isEnglishRequired && accountName !== '' && !isEnglishName(accountName);
  const suggestion = isEnglishMissing ? romaniseThai(accountName) : '';
  const onUseSuggestion = () => {
    const [first = '', ...rest] = suggestion.split(' ');
    setValue('firstName', first, { shouldValidate: formState.isSubmitted });
    setValue('lastName', rest.join(' '), { shouldValidate: formState.isSubmitted });
  };
  const laoBanks = allBanks.filter((bank) => bank.country === 'LA');
  const thaiBanks = allBanks.filter((bank) => bank.country === 'TH');

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit({
        bankCode: values.bankCode.trim(),
        bankAccountName: accountNameOf(values.firstName, values.lastName),
        bankAccountNo: values.bankAccountNo.trim(),
        sourceCode: values.sourceCode,
        inviteCode: (values.inviteCode ?? '').trim(),
        currency: values.currency ?? 'BAHT',
      });
    } catch (error) {
      const code = errorCodeOf(error);
      const fields = FIELDS_OF_CODE[code];
      if (!fields) {
        setFormError(code);
        return;
      }
      fields.forEach((name, index) => setError(name, { message: code }, { shouldFocus: index === 0 }));
    }
  });

  const bankOption = (bank: Bank) => (
    <option key={bank.code} value={bank.code}>
      {bankName(bank, locale, bank.code)}
    </option>
  );

  return (
    <form className="form" noValidate onSubmit={submit}>
      <h2 className="step-title">{t('register.bankTitle')}</h2>
      <p className="muted">{t('register.bankHint')}</p>
      {isLaosBuild && (
        <SelectField label={t('register.currency')} data-testid="register-currency" {...field('currency')}>
          {MEMBER_CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {t(`register.currencies.${currency}`)}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField label={t('register.bank')} data-testid="register-bank" {...field('bankCode')}>
        <option value="">{t('register.bankPlaceholder')}</option>
        {isLaosBuild ? (
          <>
            <optgroup label={t('register.laoBanks')}>{laoBanks.map(bankOption)}</optgroup>
            <optgroup label={t('register.thaiBanks')}>{thaiBanks.map(bankOption)}</optgroup>
          </>
        ) : (
          thaiBanks.map(bankOption)
        )}
      </SelectField>
      <div className="form-grid-2">
        <TextField label={t('register.firstName')} autoComplete="given-name" className="field--upper" data-testid="register-first-name" {...upperCased(field('firstName'))} />
        <TextField label={t('register.lastName')} autoComplete="family-name" className="field--upper" data-testid="register-last-name" {...upperCased(field('lastName'))} />
      </div>
      <div className="account-name-preview" aria-live="polite">
        <div className="account-name-preview__top">
          <span className="account-name-preview__label">{t('register.accountName')}</span>
          {isEnglishRequired && <span className="badge badge--gold">{t('register.englishOnlyHint')}</span>}
        </div>
        <span className="account-name-preview__value" data-testid="register-account-name">
          {accountName || '—'}
        </span>
        {isEnglishMissing && (
          <div className="account-name-preview__note" role="status" data-testid="register-english-note">
            <p>{t('register.englishOnlyNote')}</p>
            {suggestion && (
              <button type="button" className="link-strong account-name-preview__suggest" onClick={onUseSuggestion} data-testid="register-english-suggestion">
                {t('register.useSuggestion', { name: suggestion })}
              </button>
            )}
          </div>
        )}
      </div>
      <TextField label={t('register.accountNo')} inputMode="numeric" autoComplete="off" data-testid="register-account-no" {...field('bankAccountNo')} />
      <SelectField label={t('register.source')} data-testid="register-source" {...field('sourceCode')}>
        <option value="">{t('register.sourcePlaceholder')}</option>
        {sources.map((source) => (
          <option key={source.code} value={source.code}>
            {pickLocalized(source.description, locale) || source.code}
          </option>
        ))}
      </SelectField>
      <TextField
        label={`${t('register.inviteCode')} (${t('common.optional')})`}
        readOnly={isInviteLocked}
        autoComplete="off"
        data-testid="register-invite-code"
        {...field('inviteCode')}
      />
      <StepActions onBack={onBack} variant="gold" isBusy={formState.isSubmitting} testId="register-submit">
        {t('register.submit')}
      </StepActions>
      <FormErrorSlot text={formError && translateCode(t, formError)} testId="register-error" />
      {formError === 'EXISTING_USER' && <SignInInstead phone={phone} />}
    </form>
  );
}
