/** The source of "now" for every service, so tests can move time. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
