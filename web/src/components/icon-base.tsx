import type { SVGProps } from 'react';

// The icon factory and the icons the shell draws before any page. The shell's files import them from here, the
// pages from icons.tsx (all icons): a bundler gives a module the chunk of everything that imports it, so the
// pages' icons (icons-features.tsx) stay out of the first page only while the shell does not import the barrel.

/** A small set of line icons drawn for Onsite (24 px grid, 1.75 px stroke, colour from `currentColor`). */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number | string;
}

export function icon(displayName: string, shapes: readonly string[], circles: readonly (readonly [number, number, number])[] = []) {
  function Icon({ size = 18, strokeWidth = 1.75, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {circles.map(([cx, cy, r]) => (
          <circle key={`${cx}-${cy}-${r}`} cx={cx} cy={cy} r={r} />
        ))}
        {shapes.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const RING = [12, 12, 9] as const;

export const IconLogout = /* @__PURE__ */ icon('IconLogout', [
  'M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2',
  'M9 12h12l-3-3',
  'M18 15l3-3',
]);
export const IconChevronDown = /* @__PURE__ */ icon('IconChevronDown', ['M6 9l6 6l6-6']);
export const IconAlertCircle = /* @__PURE__ */ icon('IconAlertCircle', ['M12 8v4', 'M12 16h.01'], [RING]);
export const IconInfoCircle = /* @__PURE__ */ icon('IconInfoCircle', ['M12 9h.01', 'M11 12h1v4h1'], [RING]);
export const IconCheck = /* @__PURE__ */ icon('IconCheck', ['M5 12l5 5L20 7']);
export const IconWorld = /* @__PURE__ */ icon('IconWorld', ['M3.6 9h16.8', 'M3.6 15h16.8', 'M11.5 3a17 17 0 0 0 0 18', 'M12.5 3a17 17 0 0 1 0 18'], [RING]);
export const IconInbox = /* @__PURE__ */ icon('IconInbox', ['M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z', 'M4 13h3l3 3h4l3-3h3']);
export const IconMoodEmpty = /* @__PURE__ */ icon('IconMoodEmpty', ['M9 10h.01', 'M15 10h.01', 'M9 15h6'], [RING]);
