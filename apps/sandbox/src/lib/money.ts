/** An amount in minor units as major units with two decimals, as the parties' pages and answers spell it. */
export const majorText = (minor: number): string => (minor / 100).toFixed(2);
