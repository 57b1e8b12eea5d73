import type { Actor } from '../identity/actor.js';
import type { OrderFile } from '../order/types.js';
import { legalDocumentDecider, legalFileFor, type LegalDocumentCommand, type LegalFiles } from './legal-document-management.js';

const actor = (type: 'BL' | 'OEM' | 'EC', role: string, onBehalf = false): Actor =>
  ({
    userId: 'u-1',
    type,
    role,
    companyId: 'c-1',
    country: 'de',
    ...(onBehalf ? { onBehalfOf: { userId: 'u-2', type: 'EC', role: 'ADMIN', companyId: 'c-2', country: 'uk' } } : {}),
  }) as Actor;
const ctx = (a: Actor) => ({ actor: a, now: '2026-12-03T10:00:00.000Z', newId: () => 'id-1' });
const file = (path: string, mimeType: OrderFile['mimeType'] = 'application/pdf'): OrderFile => ({ path, name: path, mimeType });
const files: LegalFiles = { en: file('en.pdf'), de: file('de.pdf') };
const publish = (basedOn: number, f: LegalFiles = files): LegalDocumentCommand => ({ type: 'PublishLegalVersion', kind: 'PRIVACY_POLICY', basedOn, files: f });

describe('legal document versions (D206)', () => {
  it('numbers each version after the one before, published by staff administrators', () => {
    const first = legalDocumentDecider.decide(publish(0), legalDocumentDecider.initialState, ctx(actor('BL', 'ADMIN')));
    expect(first).toEqual([{ type: 'LEGAL_VERSION_PUBLISHED', data: { kind: 'PRIVACY_POLICY', version: 1, files } }]);
    const state = legalDocumentDecider.evolve(legalDocumentDecider.initialState, first[0]!);
    expect(legalDocumentDecider.decide(publish(1), state, ctx(actor('BL', 'ADMIN')))[0]!.data.version).toBe(2);
    // Based on a version that is no longer current: someone else published meanwhile.
    expect(() => legalDocumentDecider.decide(publish(0), state, ctx(actor('BL', 'ADMIN')))).toThrow(expect.objectContaining({ code: 'legal_version_changed' }));
  });

  it('is refused to customers, auditors, other staff and staff acting for a customer, and takes PDF files only', () => {
    for (const a of [actor('EC', 'ADMIN'), actor('OEM', 'ADMIN'), actor('BL', 'PLANNER'), actor('BL', 'AUDITOR'), actor('BL', 'ADMIN', true)]) {
      expect(() => legalDocumentDecider.decide(publish(0), legalDocumentDecider.initialState, ctx(a))).toThrow(expect.objectContaining({ code: 'forbidden' }));
    }
    expect(() =>
      legalDocumentDecider.decide(publish(0, { en: file('en.png', 'image/png') }), legalDocumentDecider.initialState, ctx(actor('BL', 'ADMIN'))),
    ).toThrow(expect.objectContaining({ code: 'pdf_required' }));
  });

  it("gives readers their language's file, else the English one", () => {
    expect(legalFileFor(files, 'de')).toEqual({ file: files.de, language: 'de' });
    expect(legalFileFor(files, 'pt')).toEqual({ file: files.en, language: 'en' });
    expect(legalFileFor(files, 'fr')).toEqual({ file: files.en, language: 'en' });
  });
});
