import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { tones, type Tone } from '../theme';

/** A small label in one of the status tones (AA contrast on its own background), e.g. a user status. */
export function ToneBadge({ tone, children, ...rest }: { tone: Tone; children: ReactNode } & Record<`data-${string}`, string>) {
  const colors = tones[tone];
  return (
    <Badge
      variant="outline"
      styles={{
        root: {
          backgroundColor: colors.background,
          color: colors.color,
          borderColor: colors.border,
          textTransform: 'none',
          fontWeight: 600,
          letterSpacing: 0,
          minWidth: 'max-content',
        },
      }}
      {...rest}
    >
      {children}
    </Badge>
  );
}
