import { zodResolver } from '@hookform/resolvers/zod';
import { CURRENCIES } from '@mekong/contracts/constants';
import type { Bank } from '@mekong/contracts/lookup';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ChangeEvent } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useFieldError } from '@/components/form/use-field-error';
import { banksQuery, sourcesQuery } from '@/lib/lookup-queries';
import { accountNameOf, bankFormSchema, needsEnglish, type BankFormValues } from '@/features/register/hooks/bank-form-schema';
import { isLaosBuild } from '@/lib/config';
import { currentLocale } from '@/lib/i18n';
import { pickLocalized } from '@/lib/localized';

export type BankStepValues = {
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  sourceCode: string;
  inviteCode: string;
  currency: 'LAK' | 'BAHT';
};

type BankStepProps = {
  inviteCode: string;
  isInviteLocked: boolean;
  onSubmit: (values: BankStepValues) => Promise<void>;
  onBack: () => void;
};

/** Upper-cases what the member types without moving the caret (spec §5: forced upper case). */
function upperCased(field: UseFormRegisterReturn) {
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.target;
      const upper = input.value.toUpperCase();
      if (upper !== input.value) {
        const caret = input.selectionStart;
        input.value = upper;
        if (caret !== null) input.setSelectionRange(caret, caret);
      }
      return field.onChange(event);
    },
  };
}

function bankLabel(bank: Bank, isEnglish: boolean): string {
  return isEnglish ? bank.nameEN || bank.nameTH : bank.nameTH || bank.nameEN;
}

export function BankStep({ inviteCode, isInviteLocked, onSubmit, onBack }: BankStepProps) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const locale = i18n.language ? currentLocale() : 'th';
  const { data: allBanks = [] } = useQuery(banksQuery);
  const { data: sources = [] } = useQuery(sourcesQuery);
  const schema = useMemo(() => bankFormSchema(allBanks), [allBanks]);

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BankFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      bankCode: '',
      firstName: '',
      lastName: '',
      bankAccountNo: '',
      sourceCode: '',
      inviteCode,
      currency: isLaosBuild ? 'LAK' : 'BAHT',
    },
  });

  const bankCode = watch('bankCode');
  const accountName = accountNameOf(watch('firstName') ?? '', watch('lastName') ?? '');
  const isEnglishRequired = bankCode ? needsEnglish(bankCode, allBanks) : false;
  const isEnglish = locale === 'en';
  const laoBanks = allBanks.filter((bank) => bank.country === 'LA');
  const thaiBanks = allBanks.filter((bank) => bank.country === 'TH');

  const submit = handleSubmit(async (values) =>
    onSubmit({
      bankCode: values.bankCode.trim(),
      bankAccountName: accountNameOf(values.firstName, values.lastName),
      bankAccountNo: values.bankAccountNo.trim(),
      sourceCode: values.sourceCode,
      inviteCode: (values.inviteCode ?? '').trim(),
      currency: values.currency ?? 'BAHT',
    }),
  );

  const bankOption = (bank: Bank) => (
    <option key={bank.code} value={bank.code}>
      {bankLabel(bank, isEnglish)}
    </option>
  );

  return (
    <form className="form" noValidate onSubmit={submit}>
      <h2 className="step-title">{t('register.bankTitle')}</h2>
      <p className="muted">{t('register.bankHint')}</p>
      {isLaosBuild && (
        <SelectField label={t('register.currency')} data-testid="register-currency" error={fieldError(errors.currency)} {...register('currency')}>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {t(`register.currencies.${currency}`)}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField label={t('register.bank')} data-testid="register-bank" error={fieldError(errors.bankCode)} {...register('bankCode')}>
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
        <TextField
          label={t('register.firstName')}
          autoComplete="given-name"
          className="field--upper"
          data-testid="register-first-name"
          error={fieldError(errors.firstName)}
          {...upperCased(register('firstName'))}
        />
        <TextField
          label={t('register.lastName')}
          autoComplete="family-name"
          className="field--upper"
          data-testid="register-last-name"
          error={fieldError(errors.lastName)}
          {...upperCased(register('lastName'))}
        />
      </div>
      <div className="account-name-preview" aria-live="polite">
        <div className="account-name-preview__top">
          <span className="account-name-preview__label">{t('register.accountName')}</span>
          {isEnglishRequired && <span className="badge badge--gold">{t('register.englishOnlyHint')}</span>}
        </div>
        <span className="account-name-preview__value" data-testid="register-account-name">
          {accountName || '—'}
        </span>
      </div>
      <TextField
        label={t('register.accountNo')}
        inputMode="numeric"
        autoComplete="off"
        data-testid="register-account-no"
        error={fieldError(errors.bankAccountNo)}
        {...register('bankAccountNo')}
      />
      <SelectField label={t('register.source')} data-testid="register-source" error={fieldError(errors.sourceCode)} {...register('sourceCode')}>
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
        error={fieldError(errors.inviteCode)}
        {...register('inviteCode')}
      />
      <div className="form-row">
        <Button variant="ghost" onClick={onBack}>
          {t('common.back')}
        </Button>
        <Button type="submit" variant="gold" isBusy={isSubmitting} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </div>
    </form>
  );
}
