/** A phone number as a tel: link (digits and the leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
