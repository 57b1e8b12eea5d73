import { Box, Button, Text } from '@mantine/core';

export interface ButtonGroupOption {
  value: string;
  label: string;
}

export interface ButtonGroupProps {
  label: string;
  options: readonly ButtonGroupOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** At least this many stay selected: deselecting below it is refused (spec section 5). */
  min?: number;
}

/** Toggle buttons for a multiple choice that keeps at least `min` selected. */
export function toggleWithMinimum(selected: readonly string[], value: string, min: number): string[] {
  if (!selected.includes(value)) return [...selected, value];
  if (selected.length <= min) return [...selected];
  return selected.filter((item) => item !== value);
}

export function ButtonGroup({ label, options, value, onChange, min = 0 }: ButtonGroupProps) {
  return (
    <Box component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        {label}
      </Text>
      <Button.Group mt={4}>
        {options.map((option) => {
          const selected = value.includes(option.value);
          return (
            <Button
              key={option.value}
              variant={selected ? 'filled' : 'default'}
              aria-pressed={selected}
              onClick={() => onChange(toggleWithMinimum(value, option.value, min))}
            >
              {option.label}
            </Button>
          );
        })}
      </Button.Group>
    </Box>
  );
}
