// The business hours of the site document (D2) are written for people ("Monday – Friday",
// "8:00 AM – 6:00 PM"); search engines read them as schema.org's openingHoursSpecification. These read
// the one into the other, so the validator can refuse what they cannot read and the hours are written once.

export const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEK)[number];

const dash = /\s*(?:[–—-]|\bto\b)\s*/i;

function weekday(word: string): Weekday | undefined {
  const w = word.trim().toLowerCase().replace(/\.$/, '');
  return w.length >= 3 ? WEEK.find((d) => d.toLowerCase().startsWith(w)) : undefined;
}

/** "Monday – Friday", "Saturday", "Sat, Sun", "Mon–Wed, Fri": the days named, in week order; undefined if unreadable. */
export function readDays(text: string): Weekday[] | undefined {
  const days = new Set<Weekday>();
  for (const part of text.split(/\s*(?:,|&|\band\b)\s*/i)) {
    const ends = part.split(dash).map(weekday);
    if (ends.length > 2 || ends.some((d) => d === undefined)) return undefined;
    const from = WEEK.indexOf(ends[0]!);
    const to = WEEK.indexOf(ends[ends.length - 1]!);
    for (let i = from; ; i = (i + 1) % 7) {
      days.add(WEEK[i]!);
      if (i === to) break;
    }
  }
  return WEEK.filter((d) => days.has(d));
}

/** "8:00 AM", "8 am", "18:00" as "HH:MM" (24 hours); undefined if unreadable. */
function time(text: string): string | undefined {
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text.trim());
  if (!m) return undefined;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const half = m[3]?.[0]?.toLowerCase();
  if (half ? hour < 1 || hour > 12 : hour > 24 || !m[2]) return undefined;
  if (half === 'p' && hour < 12) hour += 12;
  if (half === 'a' && hour === 12) hour = 0;
  if (minute > 59 || hour * 60 + minute > 24 * 60) return undefined;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** "8:00 AM – 6:00 PM" as opening and closing times, "Closed" as 'closed'; undefined if unreadable. */
export function readHours(text: string): { opens: string; closes: string } | 'closed' | undefined {
  if (/^closed$/i.test(text.trim())) return 'closed';
  const ends = text.split(dash);
  if (ends.length !== 2) return undefined;
  const [opens, closes] = ends.map(time);
  return opens && closes && opens < closes ? { opens, closes } : undefined;
}

export interface OpeningHours {
  dayOfWeek: Weekday[];
  opens: string;
  closes: string;
}

/** The days the business opens, with their hours; days not named, or "Closed", are closed. */
export function openingHours(hours: readonly { days: string; hours: string }[]): OpeningHours[] {
  return hours.flatMap((h) => {
    const days = readDays(h.days);
    const times = readHours(h.hours);
    return days && times && times !== 'closed' ? [{ dayOfWeek: days, ...times }] : [];
  });
}
