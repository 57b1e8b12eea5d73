import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FilterOption {
  value: string;
  label: string;
  icon?: ReactNode;
}

interface StatusFilterButtonsProps {
  label: string;
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** Toggle buttons above a list; each says whether it is on (aria-pressed), so screen readers hear the state. */
export function StatusFilterButtons({ label, options, selected, onChange }: StatusFilterButtonsProps) {
  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : options.map((o) => o.value).filter((v) => v === value || selected.includes(v)));

  return (
    <Group gap="xs" role="group" aria-label={label}>
      {options.map((option) => {
        const active = selected.includes(option.value);
        return (
          <Button
            key={option.value}
            size="compact-sm"
            radius="xl"
            variant={active ? 'light' : 'default'}
            leftSection={option.icon}
            aria-pressed={active}
            data-value={option.value}
            onClick={() => toggle(option.value)}
            fw={active ? 600 : 400}
          >
            {option.label}
          </Button>
        );
      })}
    </Group>
  );
}
