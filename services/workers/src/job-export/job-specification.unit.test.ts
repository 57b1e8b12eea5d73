import type { ExistingOrderState } from '@onsite/domain';
import { jobSpecificationOf } from './job-specification.js';

/** An order as the planning tool's export reads it: only what the specification takes matters here. */
function orderWith(additionalInformation: ExistingOrderState['order']['content']['additionalInformation']): ExistingOrderState {
  return {
    status: 'JOB_IN_PLANNING',
    order: {
      orderId: 'o-1',
      refId: 'ON-26-FILES',
      customer: { companyId: 'c-1', name: 'Thames Precision Ltd', country: 'uk' },
      shortNotice: null,
      content: { timeframes: [], services: [], equipments: [], additionalInformation, contacts: { additionalContacts: [] } },
    },
  } as unknown as ExistingOrderState;
}

describe('the job specification', () => {
  it('carries the files attached while ordering and the segments', () => {
    const files = [
      { path: '0b7d2f4e-2f1c-4d35-9c8e-3b1f2a6c7d10.pdf', name: 'site-plan.pdf', mimeType: 'application/pdf' as const },
      { path: '5a3e9c1b-7d42-4e8f-a1b6-2c9d8e7f6a50.png', name: 'gate.png', mimeType: 'image/png' as const },
    ];
    const spec = jobSpecificationOf(orderWith({ files, selectedSegments: ['packaging'] }), { jobId: 'j-1', specVersion: 7 });
    expect(spec.attachments).toEqual(files);
    expect(spec.site.segments).toEqual(['packaging']);
  });

  it('has empty lists when nothing was attached or chosen', () => {
    const spec = jobSpecificationOf(orderWith({}), { jobId: 'j-1', specVersion: 3 });
    expect([spec.attachments, spec.site.segments]).toEqual([[], []]);
  });
});
