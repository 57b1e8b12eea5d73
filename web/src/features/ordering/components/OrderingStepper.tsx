import { Paper, Stack, Stepper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSections } from './order-sections';
import { STEPS } from './order-steps';

/** The OEM order process (D20): the steps (the ones done can be gone back to), the current step's sections, the buttons. */
export function OrderingStepper({
  active,
  goTo,
  sections,
  buttons,
}: {
  active: number;
  goTo: (index: number) => void;
  sections: OrderSections;
  buttons: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Stepper active={active} onStepClick={(i) => i < active && goTo(i)} size="sm" allowNextStepsSelect={false} wrap>
        {STEPS.map((step) => (
          <Stepper.Step key={step.id} label={t(`ordering.steps.${step.id}`)} />
        ))}
      </Stepper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="xl">
          {STEPS[active]!.sections.map((id) => (
            <Stack key={id} gap="sm">
              <Text component="h2" fw={700} size="lg">
                {sections[id].title}
              </Text>
              {sections[id].body}
            </Stack>
          ))}
        </Stack>
      </Paper>
      {buttons}
    </>
  );
}
