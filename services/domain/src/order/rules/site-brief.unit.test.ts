import type { TimeFrame } from '../types.js';
import { siteBriefProblems } from './site-brief.js';

const frame = (from: string, to: string) => ({ date: { from, to } }) as TimeFrame;
const context = { timeZone: 'Europe/Berlin', frames: [frame('2026-12-14T08:00', '2026-12-15T17:00')], now: '2026-12-02T23:30:00.000Z' };
const codes = (info: Parameters<typeof siteBriefProblems>[0]) => siteBriefProblems(info, context).map((p) => `${p.path} ${p.code}`);

describe('the site brief', () => {
  it('takes the listed choices, an other environment with its words, and a walk between today and the first day', () => {
    expect(
      codes({
        siteWalk: true,
        // Already 3 December in Berlin although 2 December in UTC.
        siteWalkDate: '2026-12-03',
        selectedCertificates: ['safety_passport', 'first_aid'],
        selectedAllergies: ['nuts'],
        selectedEnvironments: [
          { key: 'cleanroom', name: 'cleanroom' },
          { key: 'other', name: 'other', value: 'Paint shop' },
        ],
      }),
    ).toEqual([]);
    expect(codes({ siteWalk: true, siteWalkDate: '2026-12-14' })).toEqual([]);
  });

  it('names each broken rule at its field', () => {
    expect(codes({ siteWalk: true })).toEqual(['additionalInformation.siteWalkDate required']);
    expect(codes({ siteWalk: true, siteWalkDate: '2026-12-02' })).toEqual(['additionalInformation.siteWalkDate date_in_past']);
    expect(codes({ siteWalk: true, siteWalkDate: '2026-12-15' })).toEqual(['additionalInformation.siteWalkDate site_walk_after_start']);
    expect(codes({ siteWalk: false, siteWalkDate: '2026-12-10' })).toEqual(['additionalInformation.siteWalkDate site_walk_not_wanted']);
    expect(codes({ selectedCertificates: ['pilot_licence'], selectedAllergies: ['nuts', 'nuts'] })).toEqual([
      'additionalInformation.selectedCertificates.0 unknown_option',
      'additionalInformation.selectedAllergies duplicate_option',
    ]);
    expect(codes({ selectedEnvironments: [{ key: 'other', name: 'other', value: ' ' }] })).toEqual([
      'additionalInformation.selectedEnvironments.0.value required',
    ]);
  });
});
