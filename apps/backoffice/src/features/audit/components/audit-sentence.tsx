import { ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditRecord } from '@mekong/contracts/admin/audit';
import {
  changedFields,
  sentenceKeys,
  targetPath,
  valueText,
} from '@/features/audit/hooks/audit-sentence';

/** A short id to read in a sentence (the full one is in the detail). */
const shortId = (id: string | null) =>
  id === null ? '' : /^[0-9a-f]{8}-/.test(id) ? id.slice(0, 8) : id;

/**
 * The record as a sentence in the operator's language, one template per kind of action (a generic one for the
 * others), with a link to what it acted on (docs/back-office/triage.md).
 */
export function AuditSentence({ record }: { record: AuditRecord }) {
  const { t } = useTranslation('audit');
  const path = targetPath(record);
  const target = `${t(`targets.${record.targetType}`, { defaultValue: record.targetType })} ${shortId(record.targetId)}`;
  return (
    <span className="audit-sentence">
      <span data-testid="audit-sentence">
        {t(sentenceKeys(record.action), {
          operator: record.operatorName,
          target,
          action: record.action,
        })}
      </span>
      {path ? (
        // The link sits in a clickable row: following it must not also open the row's detail.
        <Link
          to={path}
          className="audit-sentence__link"
          onClick={(event) => event.stopPropagation()}
          data-testid="audit-target-link"
        >
          {t(`open.${record.targetType}`, { defaultValue: t('open.generic') })}
          <ArrowUpRight size={14} aria-hidden />
        </Link>
      ) : null}
    </span>
  );
}

/** The fields the action changed, the old value struck through and the new one highlighted. */
export function ChangedFields({ record }: { record: AuditRecord }) {
  const { t } = useTranslation('audit');
  const fields = changedFields(record);
  if (fields.length === 0) return <p className="muted">{t('noChanges')}</p>;
  return (
    <table className="audit-changes" data-testid="audit-changes">
      <thead>
        <tr>
          <th>{t('field')}</th>
          <th>{t('before')}</th>
          <th>{t('after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.field}>
            <th scope="row">
              <code>{f.field}</code>
            </th>
            <td>{f.before == null ? '—' : <del>{valueText(f.before)}</del>}</td>
            <td>{f.after == null ? '—' : <mark>{valueText(f.after)}</mark>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
