import { SimpleTable } from '@/components/simple-table';

/** A titled section of the reports holding one table. */
export function ReportTable<T>({
  title,
  ...table
}: { title: string } & Parameters<typeof SimpleTable<T>>[0]) {
  return (
    <section className="report-section">
      <h2>{title}</h2>
      <SimpleTable {...table} />
    </section>
  );
}
