import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailPanel } from '@/components/detail-panel';
import type { Fact } from '@/components/facts';
import { formatDateTime } from '@/lib/format';

/** The selected money-out item in the side panel every detail of the back office opens in (nothing when none). */
export function DetailCard({
  isEmpty,
  testId,
  onClose,
  children,
}: {
  isEmpty: boolean;
  testId: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('moneyOut');
  return (
    <DetailPanel isOpen={!isEmpty} onClose={onClose} title={t('detailTitle')} testId={testId}>
      {children}
    </DetailPanel>
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
