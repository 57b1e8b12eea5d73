import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The one accent: a calm blue; shade 6 (buttons, links) keeps 5.5:1 against white. */
const accent: MantineColorsTuple = ['#e8f1fb', '#d0e1f6', '#a3c3ec', '#72a3e1', '#4a87d7', '#2f74d0', '#1f66c8', '#1456b0', '#0b4a9c', '#003e88'];

/** The neutral palette; shade 6 (Mantine's "dimmed" text) is darkened to pass WCAG AA on white, gray-0 to gray-2 and the blue of a highlighted row. */
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#61676e', '#495057', '#343a40', '#212529'];

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/**
 * The tones of status groups (drafts grey, requests blue, offers violet, submitted teal,
 * jobs orange, completed green, negative red, gone muted). Each text colour keeps at least 4.5:1 on its
 * background, which a unit test checks.
 */
export const tones = {
  draft: { background: '#f1f3f5', color: '#3d434a', border: '#ced4da' },
  request: { background: '#e7f0fd', color: '#1a4fa0', border: '#a3c3ec' },
  offer: { background: '#f1ebfd', color: '#5b2bb5', border: '#c9b5f2' },
  submitted: { background: '#e2f5f1', color: '#0b6458', border: '#96d8ca' },
  job: { background: '#fff0e3', color: '#8f3a00', border: '#f5c08f' },
  done: { background: '#e6f4e9', color: '#1d6530', border: '#9fd2ab' },
  negative: { background: '#fdeceb', color: '#a82a20', border: '#f0aaa4' },
  muted: { background: '#f1f3f5', color: '#5a616b', border: '#dee2e6' },
} as const;
export type Tone = keyof typeof tones;

export const theme = createTheme({
  // People who ask their system for less motion get none: dialogs, menus and notifications appear at once.
  respectReducedMotion: true,
  primaryColor: 'accent',
  primaryShade: 6,
  colors: { accent, gray },
  fontFamily: systemFonts,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: {
    fontFamily: systemFonts,
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.5rem', lineHeight: '1.3' },
      h2: { fontSize: '1.25rem', lineHeight: '1.35' },
      h3: { fontSize: '1.0625rem', lineHeight: '1.4' },
      h4: { fontSize: '0.9375rem', lineHeight: '1.45' },
    },
  },
  // The 8 px grid (xs is the half step for tight inline gaps).
  spacing: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  radius: { xs: '2px', sm: '4px', md: '6px', lg: '8px', xl: '12px' },
  defaultRadius: 'sm',
  focusRing: 'auto',
  cursorType: 'pointer',
  black: '#212529',
  components: {
    Button: { defaultProps: { radius: 'sm' } },
    Badge: { defaultProps: { radius: 'sm' } },
    Paper: { defaultProps: { radius: 'md' } },
    Table: { defaultProps: { verticalSpacing: 'sm', horizontalSpacing: 'md' } },
    Notification: { defaultProps: { radius: 'md' } },
    Menu: { defaultProps: { radius: 'md', shadow: 'md' } },
  },
});
