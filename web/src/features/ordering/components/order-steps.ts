import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { sectionOf, type SectionId } from '../model';

/** The steps of the OEM order process (D20) with their `?step=` names and the sections they hold. */
export const STEPS: readonly { readonly id: string; readonly sections: readonly SectionId[] }[] = [
  { id: 'select-customer', sections: ['customer', 'services'] },
  { id: 'location', sections: ['location'] },
  { id: 'time-frames', sections: ['timeframes'] },
  { id: 'equipment', sections: ['equipment'] },
  { id: 'additional-information', sections: ['details', 'billing'] },
  { id: 'summary', sections: ['confirm'] },
];

/** The one-page checkout's sections, in their order. */
export const CHECKOUT_ORDER: readonly SectionId[] = ['services', 'location', 'billing', 'timeframes', 'equipment', 'details', 'confirm'];

/** The step shown (the stepper's, from `?step=`; the checkout has one) and the way to another, kept in the address. */
export function useOrderSteps(stepper: boolean) {
  const [params, setParams] = useSearchParams();
  const stepIndex = Math.max(
    0,
    STEPS.findIndex((s) => s.id === params.get('step')),
  );
  const [active, setActive] = useState(stepper ? stepIndex : 0);
  const goTo = (index: number) => {
    setActive(index);
    const next = new URLSearchParams(params);
    next.set('step', STEPS[index]!.id);
    setParams(next, { replace: true });
    window.scrollTo({ top: 0 });
  };
  /** The first step that holds one of these fields, -1 when none does. */
  const stepOf = (fields: readonly string[]) => STEPS.findIndex((s) => fields.some((f) => s.sections.includes(sectionOf(f))));
  return { stepper, params, setParams, active, goTo, stepOf };
}

export type OrderSteps = ReturnType<typeof useOrderSteps>;
