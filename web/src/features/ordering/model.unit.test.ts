import type { ServiceSchedule } from '@onsite/domain';
import { applyScheduleEdits, apiPathToField, editsOf, emptyOrderForm, fromContent, scheduleKey, sectionOf, toContent } from './model';

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

const held = { path: '0b7d2f4e-2f1c-4d35-9c8e-3b1f2a6c7d10.pdf', name: 'site-plan.pdf', mimeType: 'application/pdf' as const };

describe('files and segments in the order content', () => {
  it('sends the files the order holds, then the new uploads, and the chosen segments', () => {
    const form = { ...emptyOrderForm('uk'), files: [held], segments: ['packaging'] };
    const info = toContent(form, [], false, null, [{ uploadId: 'u-1' }]).additionalInformation!;
    expect(info.files).toEqual([held, { uploadId: 'u-1' }]);
    expect(info.selectedSegments).toEqual(['packaging']);
  });

  it('leaves both out when there are none', () => {
    const info = toContent(emptyOrderForm('uk'), [], false).additionalInformation!;
    expect(info).not.toHaveProperty('files');
    expect(info).not.toHaveProperty('selectedSegments');
  });

  it('reads them back from a saved order, ignoring anything that is not a stored file', () => {
    const form = fromContent({ additionalInformation: { files: [held, { uploadId: 'u-2' }], selectedSegments: ['food'] } }, 'QUOTE_REQUEST');
    expect(form.files).toEqual([held]);
    expect(form.segments).toEqual(['food']);
  });
});
