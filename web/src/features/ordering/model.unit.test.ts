import { emptyOrderForm, fromContent, toContent } from './model';

const held = { path: '0b7d2f4e-2f1c-4d35-9c8e-3b1f2a6c7d10.pdf', name: 'site-plan.pdf', mimeType: 'application/pdf' as const };

describe('files and segments in the order content', () => {
  it('sends the files the order holds, then the new uploads, and the chosen segments', () => {
    const form = { ...emptyOrderForm('uk'), files: [held], segments: ['packaging'] };
    const info = toContent(form, [], false, [{ uploadId: 'u-1' }]).additionalInformation!;
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
