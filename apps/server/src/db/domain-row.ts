/**
 * Rows as the domain reads them: the database's snake_case names in camelCase, and a money `amount` as `amountMinor`,
 * a bigint, exact whatever the driver gave (docs/design.md#amounts).
 */

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

export type DomainRow<R> = {
  [K in keyof R as K extends 'amount' ? 'amountMinor' : Camel<K & string>]: K extends 'amount'
    ? bigint
    : R[K];
};

const camel = (name: string) =>
  name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

export function toDomainRow<R extends object>(row: R): DomainRow<R> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'amount') out.amountMinor = BigInt(value as string | number | bigint);
    else out[camel(key)] = value;
  }
  return out as DomainRow<R>;
}
