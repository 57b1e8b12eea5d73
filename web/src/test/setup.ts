import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom';
import { loadLanguage } from '../lib/i18n/i18n';

// react-router needs TextEncoder/TextDecoder, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder, __APP_VERSION__: 'test' });

// Mantine reads the colour scheme and observes element sizes; jsdom has neither API.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => undefined;

// The console loads the English feature texts as it starts; components under test get them before they render.
beforeAll(() => loadLanguage('en'));
