/** The currencies the simulated bank and game providers hold money in (minor units: satang, att). */
export const CURRENCIES = ['THB', 'LAK'] as const;
export type Currency = (typeof CURRENCIES)[number];
