import { describe, expect, it } from 'vitest';
import { openingHours, readDays, readHours } from '../../schemas/hours';

describe('business hours read as opening hours (D2, schema.org openingHoursSpecification)', () => {
  it('reads D2\'s hours: weekdays 8 to 6, Saturday 9 to 2, Sunday closed (so left out)', () => {
    expect(
      openingHours([
        { days: 'Monday – Friday', hours: '8:00 AM – 6:00 PM' },
        { days: 'Saturday', hours: '9:00 AM – 2:00 PM' },
        { days: 'Sunday', hours: 'Closed' },
      ]),
    ).toEqual([
      { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
      { dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
    ]);
  });

  it('reads days as authors write them: ranges, lists, short names, a range over the weekend', () => {
    expect(readDays('Saturday, Sunday')).toEqual(['Saturday', 'Sunday']);
    expect(readDays('Mon-Wed & Fri')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Friday']);
    expect(readDays('Monday to Thursday')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday']);
    expect(readDays('Sat – Mon')).toEqual(['Monday', 'Saturday', 'Sunday']);
    for (const bad of ['Weekends', 'Mo', 'Monday – Friday – Sunday', 'Monday,', 'Public holidays']) expect(readDays(bad), bad).toBeUndefined();
  });

  it('reads times in 12 or 24 hours, noon and midnight included; refuses what closes before it opens', () => {
    expect(readHours('08:00 – 18:00')).toEqual({ opens: '08:00', closes: '18:00' });
    expect(readHours('8 am to 12:30 pm')).toEqual({ opens: '08:00', closes: '12:30' });
    expect(readHours('12:00 AM - 11:59 PM')).toEqual({ opens: '00:00', closes: '23:59' });
    expect(readHours('closed')).toBe('closed');
    for (const bad of ['mornings', '6:00 PM – 8:00 AM', '13:00 PM – 2:00 PM', '8 – 18', '9:00 AM']) expect(readHours(bad), bad).toBeUndefined();
  });
});
