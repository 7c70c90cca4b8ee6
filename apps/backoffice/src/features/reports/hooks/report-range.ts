import type { ReportRange } from '@mekong/contracts/admin/reports';
import { PLAYER_UTC_OFFSET_MS } from '@mekong/contracts/constants';

const DAY_MS = 86_400_000;

/** Today in Bangkok (the players' calendar the reports count in), as YYYY-MM-DD. */
export function bangkokToday(now = new Date()): string {
  return new Date(now.getTime() + PLAYER_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export const PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth'] as const;
export type Preset = (typeof PRESETS)[number];

export function presetRange(preset: Preset, now = new Date()): ReportRange {
  const today = bangkokToday(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}
