import { parseAmountToMinor } from '@/lib/format';

/** A date input's day (Bangkok) as the instant it starts; `to` is exclusive, so a day's end is the next day's start. */
export function dayStart(day: string, addDays = 0): string | undefined {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00+07:00`);
  start.setUTCDate(start.getUTCDate() + addDays);
  return start.toISOString();
}

/** The two date inputs of a filter as the half-open range a list call takes: the `to` day is included. */
export const dayRange = (form: { from: string; to: string }) => ({
  from: dayStart(form.from),
  to: dayStart(form.to, 1),
});

export const textOrUndefined = (value: string) => value.trim() || undefined;

/** An amount typed in baht/kip as minor units; an unreadable one is left out of the filter. */
export const minorOrUndefined = (value: string) =>
  value.trim() ? (parseAmountToMinor(value) ?? undefined) : undefined;
