import { z } from 'zod';

/**
 * Switchable misbehaviour of a simulated party, so tests can exercise the server's two-phase transfers (docs/design.md#money):
 * a definite failure, or an unknown outcome (time-out / 5xx) that happened before or after the change was applied.
 */
export const UNKNOWN_OUTCOMES = [
  'timeout-before',
  'timeout-after',
  'error-before',
  'error-after',
] as const;
export type UnknownOutcome = (typeof UNKNOWN_OUTCOMES)[number];
export const OUTCOMES = ['ok', 'fail', ...UNKNOWN_OUTCOMES] as const;
export type Outcome = (typeof OUTCOMES)[number];

export type Faults = {
  /** Added before every call is handled (status checks included). */
  latencyMs: number;
  /** Share of calls that fail definitely. */
  failureRate: number;
  /** Share of money calls whose outcome is unknown to the caller; failureRate + unknownRate <= 1. */
  unknownRate: number;
  /** Which unknown outcomes to pick from, evenly. */
  unknownModes: UnknownOutcome[];
  /** How long a time-out hangs before the late 504 answer. */
  hangMs: number;
  /** Exact outcomes for the next money calls, used up in order before the rates apply. */
  nextOutcomes: Outcome[];
};

export function noFaults(): Faults {
  return {
    latencyMs: 0,
    failureRate: 0,
    unknownRate: 0,
    unknownModes: [...UNKNOWN_OUTCOMES],
    hangMs: 65_000,
    nextOutcomes: [],
  };
}

export const faultsPatchSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  failureRate: z.number().min(0).max(1).optional(),
  unknownRate: z.number().min(0).max(1).optional(),
  unknownModes: z.array(z.enum(UNKNOWN_OUTCOMES)).min(1).optional(),
  hangMs: z.number().int().min(0).max(300_000).optional(),
  nextOutcomes: z.array(z.enum(OUTCOMES)).max(10_000).optional(),
});
export type FaultsPatch = z.infer<typeof faultsPatchSchema>;

/** The merged faults, or null when the rates would add up to more than 1. */
export function applyPatch(current: Faults, patch: FaultsPatch): Faults | null {
  const next: Faults = {
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    unknownModes: [...(patch.unknownModes ?? current.unknownModes)],
    nextOutcomes: [...(patch.nextOutcomes ?? current.nextOutcomes)],
  };
  return next.failureRate + next.unknownRate > 1 ? null : next;
}

/** Decides one call's outcome; only money calls can have an unknown outcome or use the queued outcomes. */
export function pickOutcome(faults: Faults, random: () => number, isMoneyCall: boolean): Outcome {
  if (isMoneyCall) {
    const queued = faults.nextOutcomes.shift();
    if (queued) return queued;
  }
  if (faults.failureRate === 0 && (!isMoneyCall || faults.unknownRate === 0)) return 'ok';
  const r = random();
  if (r < faults.failureRate) return 'fail';
  if (isMoneyCall && r < faults.failureRate + faults.unknownRate) {
    return (
      faults.unknownModes[Math.floor(random() * faults.unknownModes.length)] ?? 'timeout-after'
    );
  }
  return 'ok';
}
