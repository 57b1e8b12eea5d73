import { translateFieldError, type FieldErrors } from '../../../../lib/forms/forms';
import type { OrderForm } from '../../model';

export interface SectionProps {
  readonly form: OrderForm;
  readonly update: (patch: Partial<OrderForm>) => void;
  readonly errors: FieldErrors;
}

/** The translated message of one field's error, if it has one. */
export const err = (errors: FieldErrors, field: string) => translateFieldError(errors[field]);
