import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  promotionGuardsBodySchema,
  type InviteReview,
  type PromotionGuards,
  type PromotionGuardsBody,
} from '@mekong/contracts/admin/promotions-play';
import { Button } from '@/components/button';
import { CheckboxField, SaveActions } from '@/components/form-fields';
import { QueryState } from '@/components/query-state';
import { ReasonDialog } from '@/components/reason-dialog';
import { useAdminMutation } from '@/components/use-admin-mutation';
import { formatDateTime, formatMinor } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import {
  decideInvite,
  GUARDS_KEY,
  INVITE_REVIEWS_KEY,
  saveGuards,
  useGuards,
  useInviteReviews,
} from '@/features/promotions/api/promotions-api';
import { NumberField, PromoSection } from '@/features/promotions/components/form-fields';

/**
 * Promotions earned by play (docs/back-office/promotions.md#play): the play a deposit needs before its coins and
 * commission arrive, a cash prize's turnover, the hold on shared invites, and the invites waiting for review.
 */
export function PlayGuards() {
  const guards = useGuards();
  return (
    <div className="promo-play">
      <QueryState query={guards}>
        {(value) => <GuardsForm key={JSON.stringify(value)} value={value} />}
      </QueryState>
      <HeldInvites />
    </div>
  );
}

function GuardsForm({ value }: { value: PromotionGuards }) {
  const { t } = useTranslation('promotions');
  const canEdit = useCan('settings.promotions');
  const form = useForm<PromotionGuardsBody>({
    resolver: zodResolver(promotionGuardsBodySchema),
    defaultValues: value,
  });
  const save = useAdminMutation({ run: saveGuards, invalidates: [GUARDS_KEY] });
  return (
    <form
      className="card form"
      aria-label={t('play.title')}
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
    >
      <h2>{t('play.title')}</h2>
      <p className="muted">{t('play.hint')}</p>
      <PromoSection isDisabled={!canEdit}>
        <div className="promo-grid">
          <NumberField
            control={form.control}
            name="depositPlayMultiplier"
            label={t('play.depositPlay')}
            hint={t('play.depositPlayHint')}
            suffix="×"
          />
          <NumberField
            control={form.control}
            name="prizeTurnoverMultiplier"
            label={t('play.prizeTurnover')}
            hint={t('play.prizeTurnoverHint')}
            suffix="×"
          />
        </div>
        <CheckboxField
          label={t('play.holdShared')}
          registration={form.register('isSharedInviteHeld')}
        />
      </PromoSection>
      <SaveActions canSave={canEdit} isSaving={save.isPending} />
    </form>
  );
}

type Decision = { review: InviteReview; decision: 'release' | 'refuse' };

function HeldInvites() {
  const { t, i18n } = useTranslation('promotions');
  const canDecide = useCan('settings.promotions');
  const held = useInviteReviews('held');
  const [open, setOpen] = useState<Decision | null>(null);
  const decide = useAdminMutation({
    run: decideInvite,
    invalidates: [INVITE_REVIEWS_KEY],
    onSuccess: () => setOpen(null),
  });
  return (
    <section className="card" aria-label={t('held.title')} data-testid="held-invites">
      <h2>{t('held.title')}</h2>
      <p className="muted">{t('held.hint')}</p>
      <QueryState query={held}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="muted" data-testid="held-empty">
              {t('held.empty')}
            </p>
          ) : (
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th>{t('held.invitee')}</th>
                    <th>{t('held.inviter')}</th>
                    <th>{t('held.reasons')}</th>
                    <th>{t('held.amount')}</th>
                    <th>{t('held.since')}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {items.map((review) => (
                    <tr key={review.invitee.id} data-testid="held-row">
                      <td>
                        {review.invitee.name}
                        <div className="muted">{review.invitee.phone}</div>
                      </td>
                      <td>
                        {review.inviter.name}
                        <div className="muted">{review.inviter.phone}</div>
                      </td>
                      <td>{review.reasons.map((r) => t(`held.reason.${r}`)).join(', ')}</td>
                      <td>{formatMinor(review.heldMinor)}</td>
                      <td>{formatDateTime(review.createdAt, i18n.language)}</td>
                      <td>
                        {canDecide ? (
                          <div className="promo-held__actions">
                            <Button
                              data-testid="held-release"
                              onClick={() => setOpen({ review, decision: 'release' })}
                            >
                              {t('held.release')}
                            </Button>
                            <Button
                              variant="danger"
                              data-testid="held-refuse"
                              onClick={() => setOpen({ review, decision: 'refuse' })}
                            >
                              {t('held.refuse')}
                            </Button>
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <ReasonDialog
        isOpen={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t(`held.${open.decision}Title`) : ''}
        summary={
          open
            ? t('held.summary', {
                invitee: open.review.invitee.name,
                inviter: open.review.inviter.name,
              })
            : ''
        }
        confirmText={open ? t(`held.${open.decision}`) : ''}
        variant={open?.decision === 'refuse' ? 'danger' : undefined}
        isBusy={decide.isPending}
        onConfirm={(reason) =>
          open &&
          decide.mutate({ inviteeId: open.review.invitee.id, decision: open.decision, reason })
        }
      />
    </section>
  );
}
