import { shippedGazetteer, type Gazetteer } from './gazetteer.js';

describe('the shipped gazetteer', () => {
  let gazetteer: Gazetteer;
  beforeAll(async () => {
    gazetteer = await shippedGazetteer();
  });

  it('offers the places of a country by the start of any of their names, the largest first', () => {
    const [first] = gazetteer.suggest('ch', 'Base', 5);
    expect(first?.place).toMatchObject({ name: 'Basel', country: 'ch', state: 'BS' });
    expect(first!.place.lat).toBeCloseTo(47.56, 1);
    expect(first!.place.lng).toBeCloseTo(7.57, 1);
    // Other names, accents and case: a German speaker's München, an English speaker's zurich.
    expect(gazetteer.suggest('de', 'münch', 3)[0]).toMatchObject({ matchedName: 'München', place: { name: 'Munich' } });
    expect(gazetteer.suggest('ch', 'zurich', 3)[0]?.place.name).toBe('Zürich');
    // A later word of the name, and only the country asked for.
    expect(gazetteer.suggest('ch', 'Gallen', 3).map((m) => m.place.name)).toContain('Sankt Gallen');
    expect(gazetteer.suggest('at', 'Basel', 3)).toEqual([]);
    expect(gazetteer.suggest('ch', 'Xqzzy', 3)).toEqual([]);
  });

  it('finds the place a point lies in: the city for a pin anywhere in it, nothing far from every place', () => {
    expect(gazetteer.nearest(47.3769, 8.5417)?.name).toBe('Zürich');
    expect(gazetteer.nearest(47.5596, 7.5886, 'ch')?.name).toBe('Basel');
    expect(gazetteer.nearest(40, -35)).toBeNull();
  });

  it('labels a map view with its largest places, across the antimeridian too', () => {
    const europe = gazetteer.within(45, 5, 48, 11, 100_000, 5).map((p) => p.name);
    expect(europe).toContain('Zürich');
    expect(gazetteer.within(-50, 170, -30, 190, 100_000, 3).map((p) => p.name)).toContain('Auckland');
  });
});
