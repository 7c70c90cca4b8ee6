import { WHEEL } from '@mekong/contracts/spinwheel';

/**
 * The wheel's geometry and motion (docs/spec.md §4, §9: friction 0.991, 2 to 4 extra turns), kept pure so the
 * landing can be proved by tests. Angles are radians, clockwise, 0 at the pointer (top). Slice i covers
 * [i·s, (i+1)·s) of the wheel, s = 2π / count; turning the wheel by r puts wheel angle (−r mod 2π) under the pointer.
 */

const TURN = Math.PI * 2;

/** Frames are counted at 60 a second, whatever the screen's rate, so the spin lasts the same everywhere. */
export const FRAME_MS = 1000 / 60;

/** The spin ends when the friction curve has covered all but this share of its untouched run (about 5.5 s). */
const TAIL_SHARE = 0.05;

export function normalizeAngle(angle: number): number {
  return ((angle % TURN) + TURN) % TURN;
}

export function sliceAngle(count: number): number {
  return TURN / count;
}

/** The slice under the pointer when the wheel is turned by `rotation`. */
export function sliceIndexAt(rotation: number, count: number): number {
  const underPointer = normalizeAngle(-rotation);
  return Math.min(count - 1, Math.floor(underPointer / sliceAngle(count)));
}

type Landing = {
  /** The wheel's rotation now (any real number). */
  current: number;
  /** The slice the server chose. */
  index: number;
  count: number;
  /** Whole turns on top of the way to the slice: an integer from WHEEL.minExtraTurns to WHEEL.maxExtraTurns. */
  extraTurns: number;
  /**
   * Where in the slice the pointer stops, −1 (near its start edge) to 1 (near its end edge); 0 is the middle. Only
   * 80 % of the slice is used, so the pointer never rests on a border.
   */
  offset?: number;
};

/** The final rotation (greater than `current`) that leaves slice `index` under the pointer. */
export function landingRotation({ current, index, count, extraTurns, offset = 0 }: Landing): number {
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new RangeError(`slice ${index} of ${count}`);
  const slice = sliceAngle(count);
  const clamped = Math.max(-1, Math.min(1, offset));
  const target = index * slice + slice / 2 + clamped * slice * 0.4;
  // The wheel angle under the pointer must become `target`, so the rotation must be ≡ −target (mod 2π).
  const forward = normalizeAngle(-target - current);
  return current + forward + extraTurns * TURN;
}

/** An integer number of extra turns within the spec's range, from a random number in [0, 1). */
export function pickExtraTurns(random: number): number {
  const span = WHEEL.maxExtraTurns - WHEEL.minExtraTurns + 1;
  return WHEEL.minExtraTurns + Math.min(span - 1, Math.floor(random * span));
}

/** How many frames the spin lasts: until friction would have slowed it to TAIL_SHARE of its run left. */
export function spinFrames(friction: number = WHEEL.friction): number {
  return Math.ceil(Math.log(TAIL_SHARE) / Math.log(friction));
}

/**
 * The share (0 to 1) of the run covered after `frame` frames. The speed is multiplied by `friction` each frame, like
 * the original wheel, and the curve is stretched so the last frame lands exactly: share = (1 − fᵏ) / (1 − fᴷ).
 */
export function spinProgress(frame: number, totalFrames: number, friction: number = WHEEL.friction): number {
  if (frame <= 0) return 0;
  if (frame >= totalFrames) return 1;
  return (1 - friction ** frame) / (1 - friction ** totalFrames);
}

/** The rotation at `frame` of a spin from `start` to `end`. */
export function rotationAt(start: number, end: number, frame: number, totalFrames: number, friction: number = WHEEL.friction): number {
  return start + (end - start) * spinProgress(frame, totalFrames, friction);
}
