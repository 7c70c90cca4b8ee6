import { WHEEL } from '@mekong/contracts/spinwheel';
import { describe, expect, it } from 'vitest';
import {
  landingRotation,
  normalizeAngle,
  pickExtraTurns,
  rotationAt,
  sliceAngle,
  sliceIndexAt,
  spinFrames,
  spinProgress,
} from '@/features/spinwheel/hooks/wheel-math';

const TURN = Math.PI * 2;

describe('slice under the pointer', () => {
  it('is slice 0 at rest and the last slice just after the wheel turns clockwise', () => {
    expect(sliceIndexAt(0, 8)).toBe(0);
    expect(sliceIndexAt(0.01, 8)).toBe(7);
    expect(sliceIndexAt(-sliceAngle(8) * 2.5, 8)).toBe(2);
    expect(sliceIndexAt(TURN * 3 - sliceAngle(8) * 5.5, 8)).toBe(5);
  });

  it('normalizes any angle into [0, 2π)', () => {
    expect(normalizeAngle(-0.5)).toBeCloseTo(TURN - 0.5);
    expect(normalizeAngle(TURN * 5 + 1)).toBeCloseTo(1);
  });
});

describe('landing on the slice the server chose', () => {
  it('lands on every slice, from any start, with exactly the extra turns asked for', () => {
    for (const count of [2, 3, 6, 8, 12]) {
      for (const current of [0, 1.234, -7.5, TURN * 10 + 0.3]) {
        for (let index = 0; index < count; index += 1) {
          for (const extraTurns of [2, 3, 4]) {
            for (const offset of [-1, -0.5, 0, 0.5, 1]) {
              const end = landingRotation({ current, index, count, extraTurns, offset });
              expect(sliceIndexAt(end, count)).toBe(index);
              const travelled = end - current;
              expect(travelled).toBeGreaterThanOrEqual(extraTurns * TURN);
              expect(travelled).toBeLessThan((extraTurns + 1) * TURN);
            }
          }
        }
      }
    }
  });

  it('stops inside the middle 80 % of the slice, never on a border', () => {
    const count = 8;
    const slice = sliceAngle(count);
    for (const offset of [-5, -1, 1, 5]) {
      const end = landingRotation({ current: 0, index: 3, count, extraTurns: 2, offset });
      const within = normalizeAngle(-end) - 3 * slice;
      expect(within).toBeGreaterThanOrEqual(slice * 0.1 - 1e-9);
      expect(within).toBeLessThanOrEqual(slice * 0.9 + 1e-9);
    }
  });

  it('refuses a slice the wheel does not have', () => {
    expect(() => landingRotation({ current: 0, index: 8, count: 8, extraTurns: 2 })).toThrow(RangeError);
    expect(() => landingRotation({ current: 0, index: -1, count: 8, extraTurns: 2 })).toThrow(RangeError);
  });
});

describe('extra turns (docs/spec.md §9: 2 to 4)', () => {
  it('maps [0, 1) onto the whole numbers 2, 3 and 4', () => {
    expect(pickExtraTurns(0)).toBe(WHEEL.minExtraTurns);
    expect(pickExtraTurns(0.34)).toBe(3);
    expect(pickExtraTurns(0.999_999)).toBe(WHEEL.maxExtraTurns);
    for (let i = 0; i < 100; i += 1) {
      const turns = pickExtraTurns(i / 100);
      expect(Number.isInteger(turns)).toBe(true);
      expect(turns).toBeGreaterThanOrEqual(2);
      expect(turns).toBeLessThanOrEqual(4);
    }
  });
});

describe('friction 0.991', () => {
  const frames = spinFrames();

  it('lasts a few seconds at 60 frames a second', () => {
    expect(WHEEL.friction).toBe(0.991);
    expect(frames / 60).toBeGreaterThan(4);
    expect(frames / 60).toBeLessThan(7);
  });

  it('starts at 0, ends exactly at 1 and only slows down', () => {
    expect(spinProgress(0, frames)).toBe(0);
    expect(spinProgress(frames, frames)).toBe(1);
    let previousStep = Number.POSITIVE_INFINITY;
    let previous = 0;
    for (let frame = 1; frame <= frames; frame += 1) {
      const now = spinProgress(frame, frames);
      const step = now - previous;
      expect(step).toBeGreaterThan(0);
      expect(step).toBeLessThanOrEqual(previousStep + 1e-12);
      // Each frame's step is the last one times the friction.
      if (frame > 1 && frame < frames) expect(step / previousStep).toBeCloseTo(WHEEL.friction, 9);
      previousStep = step;
      previous = now;
    }
  });

  it('ends the animation on the landing rotation itself', () => {
    const end = landingRotation({ current: 0.7, index: 5, count: 8, extraTurns: 3 });
    expect(rotationAt(0.7, end, frames, frames)).toBe(end);
    expect(rotationAt(0.7, end, frames + 10, frames)).toBe(end);
    expect(sliceIndexAt(rotationAt(0.7, end, frames, frames), 8)).toBe(5);
  });
});
