import type { ServiceSchedule } from '@onsite/domain';
import { applyScheduleEdits, apiPathToField, editsOf, scheduleKey, sectionOf } from './model';

const day = (date: string, more: object = {}) => ({
  dateTimeFrom: `${date}T08:00:00`,
  dateTimeTo: `${date}T18:00:00`,
  isWorkDay: true,
  isHoliday: false,
  isOverMidnight: false,
  ...more,
});
const GENERATED: ServiceSchedule[] = [
  { serviceTypeId: 'svc-a', name: 'A', dates: [day('2027-03-01'), day('2027-03-02'), day('2027-03-06', { isWorkDay: false })] },
];

describe('the service schedule while ordering', () => {
  it('applies an edited day, a shift over midnight ending the next morning, and a day marked off', () => {
    const [schedule] = applyScheduleEdits(GENERATED, {
      [scheduleKey('svc-a', '2027-03-01')]: { from: '07:15', to: '15:45', overMidnight: false, workDay: true },
      [scheduleKey('svc-a', '2027-03-02')]: { from: '22:00', to: '06:00', overMidnight: true, workDay: true },
      [scheduleKey('svc-a', '2027-03-06')]: { from: '08:00', to: '18:00', overMidnight: false, workDay: false },
    });
    expect(schedule!.dates).toEqual([
      day('2027-03-01', { dateTimeFrom: '2027-03-01T07:15:00', dateTimeTo: '2027-03-01T15:45:00' }),
      day('2027-03-02', { dateTimeFrom: '2027-03-02T22:00:00', dateTimeTo: '2027-03-03T06:00:00', isOverMidnight: true }),
      day('2027-03-06', { isWorkDay: false }),
    ]);
  });

  it('reads a saved schedule back into the same days', () => {
    const saved = applyScheduleEdits(GENERATED, { [scheduleKey('svc-a', '2027-03-02')]: { from: '22:00', to: '06:00', overMidnight: true, workDay: true } });
    expect(applyScheduleEdits(GENERATED, editsOf(saved))).toEqual(saved);
  });

  it('shows a refused schedule in the time-frame step', () => {
    const field = apiPathToField('content.timeframes.0.servicesSchedule.0.dates.1.dateTimeTo');
    expect(field).toBe('frames.0.schedule');
    expect(sectionOf(field!)).toBe('timeframes');
  });
});
