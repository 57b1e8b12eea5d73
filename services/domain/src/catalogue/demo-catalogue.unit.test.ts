import { CURRENCIES, LANGUAGES } from '../shared/countries.js';
import { DEMO_CATALOGUE } from './demo-catalogue.js';

const { segments, services } = DEMO_CATALOGUE;

describe('the demo catalogue', () => {
  it('has three segments with sub-segments and eight services', () => {
    expect(segments).toHaveLength(3);
    expect(segments.every((segment) => segment.subSegments.length > 0)).toBe(true);
    expect(services).toHaveLength(8);
  });

  it('uses unique ids', () => {
    const ids = [...segments.flatMap((segment) => [segment.id, ...segment.subSegments.map((sub) => sub.id)]), ...services.map((service) => service.id)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('files every service under existing segments, each sub-segment within one of them', () => {
    for (const service of services) {
      expect(service.segmentIds.length).toBeGreaterThan(0);
      const own = segments.filter((segment) => service.segmentIds.includes(segment.id));
      expect(own).toHaveLength(service.segmentIds.length);
      const subIds = own.flatMap((segment) => segment.subSegments.map((sub) => sub.id));
      for (const subId of service.subSegmentIds) expect(subIds).toContain(subId);
    }
  });

  it('prices every service in every currency, in whole minor units', () => {
    for (const service of services) {
      for (const currency of CURRENCIES) {
        const price = service.prices[currency];
        expect(Number.isInteger(price) && price > 0).toBe(true);
      }
    }
  });

  it('names everything in every language', () => {
    const texts = [
      ...segments.flatMap((segment) => [segment.name, ...segment.subSegments.map((sub) => sub.name)]),
      ...services.flatMap((service) => [service.name, service.description]),
    ];
    for (const text of texts) for (const language of LANGUAGES) expect(text[language].trim()).not.toBe('');
  });
});
