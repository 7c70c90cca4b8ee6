import { Search, TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/text-field';
import { upperCased } from '@/components/form/upper-cased';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { PromotionModal } from '@/features/bonus/components/promotion-modal';

/** Spec §5: the code is required and upper-cased before it is sent (the contract's bonusCodeParamsSchema bounds). */
const promotionFormSchema = z
  .object({ code: z.string() })
  .transform(({ code }) => ({ code: code.trim().toUpperCase() }))
  .pipe(z.object({ code: z.string().min(1, 'promotion.required').max(40, 'NO_PROMOTION') }));

/** Spec §2: without an active bonus, the promotion-code input (forced upper case) and a search opening the modal. */
export function PromotionSearch({ currency }: { currency?: string }) {
  const { t } = useTranslation();
  const { field, handleSubmit, reset } = useSchemaForm(promotionFormSchema, { code: '' });
  const [searched, setSearched] = useState<string | null>(null);

  return (
    <section className="card promotion-search" aria-labelledby="promotion-search-title">
      <h2 className="card__title" id="promotion-search-title">
        <TicketPercent size={20} aria-hidden /> {t('promotion.codeLabel')}
      </h2>
      <form className="promotion-search__form" noValidate onSubmit={handleSubmit(({ code }) => setSearched(code))} data-testid="promotion-form">
        <TextField
          label={t('promotion.codeLabel')}
          className="promotion-search__field"
          placeholder={t('promotion.placeholder')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          required
          aria-required
          data-testid="promotion-code"
          {...upperCased(field('code'))}
        />
        <Button type="submit" className="promotion-search__submit" data-testid="promotion-search">
          <Search size={18} aria-hidden /> {t('promotion.search')}
        </Button>
      </form>
      <PromotionModal
        code={searched}
        currency={currency}
        onClose={() => setSearched(null)}
        onActivated={() => {
          setSearched(null);
          reset({ code: '' });
        }}
      />
    </section>
  );
}
