import { statementsMigration } from '@/db/migrations/run-statements.ts';

// The wheel's name and each slice's description shown to the member per language (docs/decisions/0013-promotions.md
// #prize-wheel), as bonus names are. `spin_wheels.name` stays the operator's unique key; the old text becomes every
// language's until an operator writes the others.
const up = [
  `alter table spin_wheels add column name_th text`,
  `alter table spin_wheels add column name_la text`,
  `alter table spin_wheels add column name_en text`,
  `update spin_wheels set name_th = name, name_la = name, name_en = name`,
  `alter table spin_wheels alter column name_th set not null`,
  `alter table spin_wheels alter column name_la set not null`,
  `alter table spin_wheels alter column name_en set not null`,
  `alter table spin_slices rename column html_description to html_description_th`,
  `alter table spin_slices add column html_description_la text`,
  `alter table spin_slices add column html_description_en text`,
  `update spin_slices set html_description_la = html_description_th, html_description_en = html_description_th`,
  `alter table spin_slices alter column html_description_la set not null`,
  `alter table spin_slices alter column html_description_en set not null`,
];

const down = [
  `alter table spin_slices drop column html_description_en`,
  `alter table spin_slices drop column html_description_la`,
  `alter table spin_slices rename column html_description_th to html_description`,
  `alter table spin_wheels drop column name_en`,
  `alter table spin_wheels drop column name_la`,
  `alter table spin_wheels drop column name_th`,
];

export const migration0028 = statementsMigration(up, down);
