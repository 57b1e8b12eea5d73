import { Stack } from '@mantine/core';
import type { OrderFile } from '@onsite/domain';
import { Attachments } from './Attachments';
import { ContactSection } from './sections/ContactSection';
import { CouponSection } from './sections/CouponSection';
import { DetailsSection } from './sections/DetailsSection';
import type { SectionProps } from './sections/section-props';

/** The additional information: the details, the files, the contact on site and the coupon. */
export function OrderDetailsBody({
  picked,
  setPicked,
  removing,
  onRemoveKept,
  country,
  ...props
}: SectionProps & {
  picked: File[];
  setPicked: (files: File[]) => void;
  removing: string | null;
  onRemoveKept: (file: OrderFile) => void;
  country: string;
}) {
  return (
    <Stack gap="xl">
      <DetailsSection {...props} />
      <Attachments kept={props.form.files} picked={picked} onPick={setPicked} removing={removing} onRemoveKept={onRemoveKept} />
      <ContactSection {...props} country={country} />
      <CouponSection {...props} />
    </Stack>
  );
}
