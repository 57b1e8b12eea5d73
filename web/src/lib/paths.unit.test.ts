import { languageFromPath, safeRedirect, withLanguage } from './paths';

describe('paths', () => {
  it('switches the language segment and keeps the rest of the path', () => {
    expect(withLanguage('/en/order/Q-1?tab=events#x', 'de')).toBe('/de/order/Q-1?tab=events#x');
    expect(withLanguage('/en', 'pt')).toBe('/pt');
    expect(withLanguage('/login', 'de')).toBe('/de/login');
  });

  it('reads the language of a path, English when there is none', () => {
    expect(languageFromPath('/pt/my-service-orders')).toBe('pt');
    expect(languageFromPath('/fr/login')).toBe('en');
  });

  it('only redirects after login to a page of this console', () => {
    expect(safeRedirect('/de/order/Q-1?x=1', 'de')).toBe('/de/order/Q-1?x=1');
    expect(safeRedirect('https://evil.example/', 'en')).toBe('/en/my-service-orders');
    expect(safeRedirect('//evil.example/', 'en')).toBe('/en/my-service-orders');
    expect(safeRedirect('/\\evil.example', 'en')).toBe('/en/my-service-orders');
    expect(safeRedirect('/en/login?redirect=/x', 'en')).toBe('/en/my-service-orders');
    expect(safeRedirect(null, 'de')).toBe('/de/my-service-orders');
  });
});
