import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fact } from '@/components/facts';
import { formatDateTime } from '@/lib/format';

/** The card beside a money-out queue: the selected item, or a hint to pick one. */
export function DetailCard({
  isEmpty,
  testId,
  children,
}: {
  isEmpty: boolean;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('moneyOut');
  if (isEmpty) return <aside className="card muted">{t('pick')}</aside>;
  return (
    <aside className="card" aria-label={t('detailTitle')} data-testid={testId}>
      {children}
    </aside>
  );
}

type MoneyOutItem = {
  memberPublicId: string;
  memberName: string;
  memberPhone: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  createdAt: string;
};

/** Who is paid and where to (a withdrawal also shows the member's public id), and since when. */
export function memberFacts(
  item: MoneyOutItem,
  t: TFunction,
  language: string,
  isPublicIdShown: boolean,
): Fact[] {
  return [
    { label: t('memberName'), value: item.memberName },
    { label: t('phone'), value: item.memberPhone },
    ...(isPublicIdShown ? [{ label: t('publicId'), value: item.memberPublicId }] : []),
    {
      label: t('account'),
      value: (
        <>
          {item.bankCode} {item.accountNo}
          <br />
          <small className="muted">{item.accountName}</small>
        </>
      ),
    },
    { label: t('created'), value: formatDateTime(item.createdAt, language) },
  ];
}
