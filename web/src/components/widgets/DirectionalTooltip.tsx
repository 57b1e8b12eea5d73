import { Tooltip, type FloatingPosition } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

/** The 8 directions of spec 2.6. */
export const TOOLTIP_DIRECTIONS = ['top-left', 'top', 'top-right', 'right', 'bottom-right', 'bottom', 'bottom-left', 'left'] as const;
export type TooltipDirection = (typeof TOOLTIP_DIRECTIONS)[number];

const POSITION: Record<TooltipDirection, FloatingPosition> = {
  'top-left': 'top-start',
  top: 'top',
  'top-right': 'top-end',
  right: 'right',
  'bottom-right': 'bottom-end',
  bottom: 'bottom',
  'bottom-left': 'bottom-start',
  left: 'left',
};

export function tooltipPosition(direction: TooltipDirection): FloatingPosition {
  return POSITION[direction];
}

/** A tooltip in one of 8 directions; it also shows on keyboard focus. */
export function DirectionalTooltip({ label, direction = 'top', children }: { label: ReactNode; direction?: TooltipDirection; children: ReactElement }) {
  return (
    <Tooltip label={label} position={tooltipPosition(direction)} withArrow events={{ hover: true, focus: true, touch: true }} multiline maw={320}>
      {children}
    </Tooltip>
  );
}
