/**
 * The shell's parts that are not needed to paint a page (dropdowns, dialogs, the navigation drawer, the
 * notification stack) are chunks of their own, so the first page downloads neither Mantine's combobox, menu and
 * modal nor floating-ui, and none of them is fetched before the first page is ready. Each loader is memoised by the module system; `prefetchShellParts` asks for the ones a
 * page may open soon once the browser is idle, so they are there before a click.
 */
import { whenPageReady } from '../../lib/page-ready';

export const loadLanguageSelectField = () => import('./LanguageSelectField');
export const loadUserMenuDropdown = () => import('./UserMenuDropdown');
export const loadNavDrawer = () => import('./NavDrawer');
export const loadContactModal = () => import('./ContactModal');
export const loadAgreementDialogs = () => import('./AgreementDialogs');

const whenIdle = (work: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
  else window.setTimeout(work, 200);
};

/** Once the first page is on screen with its data (lib/page-ready.ts) and the browser is idle. */
export function prefetchShellParts(loaders: readonly (() => Promise<unknown>)[]): void {
  whenPageReady(() =>
    whenIdle(() => {
      for (const load of loaders) void load().catch(() => undefined);
    }),
  );
}
