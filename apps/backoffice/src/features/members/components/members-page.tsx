import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MEMBER_SEARCH_MIN_LENGTH,
  type MemberSearchField,
  type MemberSummary,
} from '@mekong/contracts/admin/members';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { Field, SelectField } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { usePagedTable } from '@/components/table-props';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/use-operator';
import { useMemberSearch, type MemberSearch } from '@/features/members/api/members-api';
import { MemberStatusBadge } from '@/features/members/components/member-status-badge';
import { PendingAdjustments } from '@/features/members/components/pending-adjustments';

const PAGE_SIZE = 20;
const FIELDS: MemberSearchField[] = ['any', 'phone', 'name', 'publicId', 'id', 'bankAccount'];

/** Wide enough for the hint and a full bank account number or internal id. */
const QUERY_FIELD = { minWidth: 340 } as const;

type SearchForm = { query: string; field: MemberSearchField };

/** Find a member by phone, name, public or internal id, or bank account number; a row opens the member page. */
export function MembersPage() {
  const { t, i18n } = useTranslation('members');
  const navigate = useNavigate();
  const canAdjust = useCan('members.adjust');
  const [search, setSearch] = useState<Omit<MemberSearch, 'page' | 'limit'> | null>(null);
  const paged = usePagedTable(PAGE_SIZE);
  const form = useForm<SearchForm>({ defaultValues: { query: '', field: 'any' } });
  const result = useMemberSearch(search ? { ...search, ...paged.request } : null);

  const columns = useMemo<ColumnDef<MemberSummary, unknown>[]>(
    () => [
      { header: t('publicId'), cell: ({ row }) => <code>{row.original.publicId}</code> },
      { header: t('name'), accessorKey: 'name' },
      { header: t('phone'), accessorKey: 'phone' },
      {
        header: t('bankAccount'),
        cell: ({ row }) =>
          row.original.bankAccountNo
            ? `${row.original.bankCode ?? ''} ${row.original.bankAccountNo}`
            : '—',
      },
      {
        header: t('statusLabel'),
        cell: ({ row }) => <MemberStatusBadge status={row.original.status} />,
      },
      {
        header: t('registered'),
        cell: ({ row }) => formatDate(row.original.createdAt, i18n.language),
      },
    ],
    [t, i18n.language],
  );

  const onSearch = form.handleSubmit((values) => {
    const query = values.query.trim();
    if (!query) return;
    // The server refuses it too (MEMBER_SEARCH_TOO_SHORT): no search lists the whole member base.
    if (query.length < MEMBER_SEARCH_MIN_LENGTH) {
      form.setError('query', { message: 'MEMBER_SEARCH_TOO_SHORT' });
      return;
    }
    setSearch({ query, field: values.field });
    paged.setPage(1);
  });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <form className="filters" onSubmit={(event) => void onSearch(event)} role="search">
        <Field label={t('query')} error={form.formState.errors.query?.message}>
          <input
            autoFocus
            placeholder={t('queryHint')}
            data-testid="member-query"
            style={QUERY_FIELD}
            {...form.register('query')}
          />
        </Field>
        <SelectField
          label={t('searchBy')}
          registration={form.register('field')}
          values={FIELDS}
          textOf={(field) => t(`field.${field}`)}
        />
        <div className="filters__actions">
          <Button type="submit">{t('common:search')}</Button>
        </div>
      </form>
      {search ? (
        <DataTable
          columns={columns}
          {...paged.tableProps(result)}
          emptyText={t('noMatch')}
          onRowClick={(row) => void navigate(`/members/${row.id}`)}
        />
      ) : (
        <p className="muted">{t('searchFirst')}</p>
      )}
      {canAdjust ? <PendingAdjustments /> : null}
    </>
  );
}
