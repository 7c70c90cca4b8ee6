import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLimitError, retryTimeText } from '@/lib/retry-time';

type LimitNoticeProps = {
  error: unknown;
  /** Also say when to try again (a form whose field shows only the refusal's words). */
  isTimeShown?: boolean;
  /** Where help is: the guest's contact page (chat and the operator's LINE) unless told. */
  helpPath?: string;
};

/** Under a form refused by a limit: when to try again and a way to ask support for help meanwhile. */
export function LimitNotice({ error, isTimeShown = false, helpPath = '/contact' }: LimitNoticeProps) {
  const { t } = useTranslation();
  if (!isLimitError(error)) return null;
  const retry = isTimeShown ? retryTimeText(t, error) : null;
  return (
    <div className="limit-notice" data-testid="limit-notice">
      {retry && (
        <p className="limit-notice__time" data-testid="limit-retry-at">
          {retry}
        </p>
      )}
      <Link to={helpPath} className="link-strong limit-notice__help" data-testid="limit-help">
        <MessageCircle size={16} aria-hidden /> {t('limit.help')}
      </Link>
    </div>
  );
}
