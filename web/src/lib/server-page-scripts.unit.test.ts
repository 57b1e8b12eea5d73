import { runServerPageScript, signedInForServerPageScript } from '../test/server-page-script';

/**
 * public/server-page.js on a page the server drew for this visitor: the console's scripts are requested once the
 * browser reports the page's first contentful paint (Chromium runs frames before it shows the first paint), after two
 * frames where paints are not reported, and after a second at the latest.
 */
describe("the server page requests the console's scripts after its first paint (public/server-page.js)", () => {
  signedInForServerPageScript();
  const PAGE = '<div id="server-page" data-for="signed-in"><main>My service orders</main></div><div id="root"></div>';
  const requested = () => [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src'));

  let paintObservers: { callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void; disconnected: boolean }[] = [];
  beforeEach(() => {
    paintObservers = [];
    jest.useFakeTimers();
    const scripts = document.createElement('meta');
    scripts.name = 'onsite-scripts';
    scripts.content = '/assets/index.js /assets/framework.js';
    const route = document.createElement('meta');
    route.name = 'onsite-route-scripts';
    route.content = '/assets/texts-en.js /assets/my-service-orders.js';
    document.head.append(scripts, route);
  });
  const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
  afterEach(() => {
    jest.useRealTimers();
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
  });

  /** A browser that reports paints: the test says when the first contentful one is on screen. */
  function reportingPaints() {
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      private readonly entry: (typeof paintObservers)[number];
      constructor(callback: (typeof paintObservers)[number]['callback']) {
        this.entry = { callback, disconnected: false };
        paintObservers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    (window as { PerformanceObserver?: unknown }).PerformanceObserver = FakeObserver;
    return (name: string) => {
      for (const observer of paintObservers)
        if (!observer.disconnected) observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    };
  }

  it('waits for the first contentful paint, not for frames', () => {
    const paint = reportingPaints();
    runServerPageScript([], PAGE);
    jest.advanceTimersByTime(200);
    expect(requested()).toEqual([]);
    paint('first-paint');
    jest.advanceTimersByTime(50);
    expect(requested()).toEqual([]);
    paint('first-contentful-paint');
    jest.advanceTimersByTime(1);
    expect(requested()).toEqual(['/assets/index.js']);
    // The entry's chunks, then the route's (D114).
    expect(preloaded()).toEqual(['/assets/framework.js', '/assets/texts-en.js', '/assets/my-service-orders.js']);
    // Once: the second's fallback does not request them again.
    jest.advanceTimersByTime(2000);
    expect(requested()).toHaveLength(1);
  });

  it('requests them after a second when no paint is reported', () => {
    reportingPaints();
    runServerPageScript([], PAGE);
    jest.advanceTimersByTime(999);
    expect(requested()).toEqual([]);
    jest.advanceTimersByTime(2);
    expect(requested()).toEqual(['/assets/index.js']);
  });

  it('requests them after two frames where the browser does not report paints', () => {
    runServerPageScript([], PAGE);
    expect(requested()).toEqual([]);
    // jsdom's frames come from its timers (about 60 a second).
    jest.advanceTimersByTime(50);
    expect(requested()).toEqual(['/assets/index.js']);
  });

  it('requests them at once for a visitor the page is not for', () => {
    reportingPaints();
    runServerPageScript([], PAGE.replace('signed-in', 'signed-out'));
    jest.advanceTimersByTime(0);
    expect(requested()).toEqual(['/assets/index.js']);
    // Not the chunks of a page this visitor does not get: the console sends them on to another.
    expect(preloaded()).toEqual(['/assets/framework.js']);
    expect(document.getElementById('server-page')).toBeNull();
  });
});
