import type { CouponInput } from '@onsite/domain';

/**
 * The demo's coupons, created by the seed as a staff administrator would (one stream each, D204): one for each outcome
 * the ordering form shows (valid, expired, not yet valid, not for the customer's country).
 */
export const DEMO_COUPONS: readonly CouponInput[] = [
  {
    code: 'WELCOME10',
    discountPercent: 10,
    description: { en: '10% off your first service order', de: '10 % auf Ihren ersten Serviceauftrag', pt: '10% de desconto no primeiro pedido de serviço' },
    countries: [],
    validFrom: '2025-01-01',
    validTo: '2099-12-31',
  },
  {
    code: 'SPRING2025',
    description: { en: 'Spring maintenance campaign 2025', de: 'Frühjahrs-Wartungsaktion 2025', pt: 'Campanha de manutenção de primavera 2025' },
    countries: [],
    validFrom: '2025-03-01',
    validTo: '2025-05-31',
  },
  {
    code: 'FUTURE30',
    description: { en: 'Anniversary offer', de: 'Jubiläumsangebot', pt: 'Oferta de aniversário' },
    countries: [],
    validFrom: '2099-01-01',
    validTo: '2099-12-31',
  },
  {
    code: 'CHONLY',
    description: { en: 'Swiss customers only', de: 'Nur für Kunden in der Schweiz', pt: 'Somente clientes na Suíça' },
    countries: ['ch'],
    validFrom: '2025-01-01',
    validTo: '2099-12-31',
  },
];
