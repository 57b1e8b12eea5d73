import { COUNTRY_CODES, type SegmentInput, type ServiceInput } from '@onsite/domain';

/**
 * The demo's service portfolio, created by the seed as a staff administrator would (D208): three segments and eight
 * on-site services, offered in every country and priced in every currency.
 */
export const DEMO_SEGMENTS: readonly SegmentInput[] = [
  {
    id: 'food-beverage',
    name: { en: 'Food & Beverage', de: 'Lebensmittel & Getränke', pt: 'Alimentos e Bebidas' },
    subSegments: [
      { id: 'food-dairy', name: { en: 'Dairy', de: 'Molkerei', pt: 'Laticínios' } },
      { id: 'food-beverages', name: { en: 'Beverages', de: 'Getränke', pt: 'Bebidas' } },
      { id: 'food-bakery', name: { en: 'Bakery', de: 'Backwaren', pt: 'Panificação' } },
    ],
  },
  {
    id: 'packaging',
    name: { en: 'Packaging', de: 'Verpackung', pt: 'Embalagem' },
    subSegments: [
      { id: 'packaging-primary', name: { en: 'Primary packaging', de: 'Primärverpackung', pt: 'Embalagem primária' } },
      { id: 'packaging-secondary', name: { en: 'Secondary packaging', de: 'Sekundärverpackung', pt: 'Embalagem secundária' } },
      { id: 'packaging-labelling', name: { en: 'Labelling', de: 'Etikettierung', pt: 'Rotulagem' } },
    ],
  },
  {
    id: 'pharma',
    name: { en: 'Pharma & Life Sciences', de: 'Pharma & Life Sciences', pt: 'Farmacêutica e Ciências da Vida' },
    subSegments: [
      { id: 'pharma-solid-dosage', name: { en: 'Solid dosage', de: 'Feste Arzneiformen', pt: 'Formas sólidas' } },
      { id: 'pharma-sterile-filling', name: { en: 'Sterile filling', de: 'Sterilabfüllung', pt: 'Envase estéril' } },
    ],
  },
];

export const DEMO_SERVICES: readonly ServiceInput[] = [
  {
    id: 'svc-commissioning',
    name: { en: 'Commissioning and start-up', de: 'Inbetriebnahme', pt: 'Comissionamento e partida' },
    description: {
      en: 'Mechanical and electrical checks, first run and acceptance of a newly installed machine.',
      de: 'Mechanische und elektrische Prüfung, Erstanlauf und Abnahme einer neu installierten Maschine.',
      pt: 'Verificações mecânicas e elétricas, primeira partida e aceitação de uma máquina recém-instalada.',
    },
    countries: [...COUNTRY_CODES],
    segmentIds: ['food-beverage', 'packaging', 'pharma'],
    subSegmentIds: ['food-beverages', 'packaging-primary', 'pharma-sterile-filling'],
    prices: { EUR: 245_000, GBP: 210_000, CHF: 235_000, USD: 265_000, CAD: 360_000, INR: 22_000_000 },
    equipmentItems: [{ machineModel: 'Filling machine', quantity: 1 }],
  },
  {
    id: 'svc-preventive-maintenance',
    name: { en: 'Preventive maintenance inspection', de: 'Vorbeugende Wartung', pt: 'Manutenção preventiva' },
    description: {
      en: 'Scheduled inspection, wear-part replacement and lubrication to the manufacturer’s plan.',
      de: 'Planmäßige Inspektion, Tausch von Verschleißteilen und Schmierung nach Herstellervorgabe.',
      pt: 'Inspeção programada, troca de peças de desgaste e lubrificação conforme o plano do fabricante.',
    },
    countries: [...COUNTRY_CODES],
    segmentIds: ['food-beverage', 'packaging', 'pharma'],
    subSegmentIds: ['food-dairy', 'food-beverages', 'food-bakery', 'packaging-secondary', 'pharma-solid-dosage'],
    prices: { EUR: 98_000, GBP: 85_000, CHF: 95_000, USD: 106_000, CAD: 145_000, INR: 8_800_000 },
    equipmentItems: [{ machineModel: 'Conveyor line', quantity: 1 }],
  },
  {
    id: 'svc-calibration',
    name: { en: 'Sensor and instrument calibration', de: 'Kalibrierung von Sensoren und Messgeräten', pt: 'Calibração de sensores e instrumentos' },
    description: {
      en: 'Calibration of weighing, temperature and pressure instruments with a traceable certificate.',
      de: 'Kalibrierung von Wäge-, Temperatur- und Druckmessgeräten mit rückführbarem Zertifikat.',
      pt: 'Calibração de instrumentos de pesagem, temperatura e pressão com certificado rastreável.',
    },
    countries: [...COUNTRY_CODES],
    segmentIds: ['food-beverage', 'pharma'],
    subSegmentIds: ['food-dairy', 'pharma-solid-dosage', 'pharma-sterile-filling'],
    prices: { EUR: 64_000, GBP: 55_000, CHF: 62_000, USD: 69_000, CAD: 94_000, INR: 5_750_000 },
    equipmentItems: [{ machineModel: 'Checkweigher', quantity: 1 }],
  },
  {
    id: 'svc-repair',
    name: { en: 'Breakdown repair', de: 'Störungsbehebung', pt: 'Reparo de falhas' },
    description: {
      en: 'Fault diagnosis and repair by a field technician, spare parts billed separately.',
      de: 'Fehlerdiagnose und Reparatur durch einen Servicetechniker, Ersatzteile werden gesondert berechnet.',
      pt: 'Diagnóstico e reparo por um técnico de campo, peças de reposição cobradas à parte.',
    },
    countries: [...COUNTRY_CODES],
    segmentIds: ['food-beverage', 'packaging', 'pharma'],
    subSegmentIds: ['food-beverages', 'food-bakery', 'packaging-primary', 'packaging-secondary', 'packaging-labelling'],
    prices: { EUR: 118_000, GBP: 102_000, CHF: 114_000, USD: 128_000, CAD: 174_000, INR: 10_600_000 },
    equipmentItems: [],
  },
  {
    id: 'svc-operator-training',
    name: { en: 'Operator training on site', de: 'Bedienerschulung vor Ort', pt: 'Treinamento de operadores no local' },
    description: {
      en: 'Hands-on training for up to eight operators: safe operation, format changes and cleaning.',
      de: 'Praxisschulung für bis zu acht Bediener: sicherer Betrieb, Formatwechsel und Reinigung.',
      pt: 'Treinamento prático para até oito operadores: operação segura, troca de formato e limpeza.',
    },
    countries: [...COUNTRY_CODES],
    segmentIds: ['food-beverage', 'packaging', 'pharma'],
    subSegmentIds: ['food-dairy', 'packaging-labelling', 'pharma-solid-dosage'],
    prices: { EUR: 135_000, GBP: 116_000, CHF: 130_000, USD: 146_000, CAD: 199_000, INR: 12_150_000 },
    equipmentItems: [{ machineModel: 'Labeller', quantity: 1 }],
  },
  {
    id: 'svc-retrofit',
    name: { en: 'Retrofit and control upgrade', de: 'Retrofit und Steuerungsmodernisierung', pt: 'Retrofit e modernização do controle' },
    description: {
      en: 'Replacement of an obsolete PLC and HMI, including software migration and validation support.',
      de: 'Austausch einer abgekündigten SPS und Bedieneinheit einschließlich Softwaremigration und Validierungsunterstützung.',
      pt: 'Substituição de CLP e IHM obsoletos, incluindo migração de software e suporte à validação.',
    },
    countries: [...COUNTRY_CODES],
    segmentIds: ['packaging', 'pharma'],
    subSegmentIds: ['packaging-primary', 'packaging-secondary', 'pharma-sterile-filling'],
    prices: { EUR: 790_000, GBP: 680_000, CHF: 760_000, USD: 855_000, CAD: 1_165_000, INR: 71_000_000 },
    equipmentItems: [{ machineModel: 'Cartoner', machineVariant: 'Servo drive', quantity: 1 }],
  },
  {
    id: 'svc-line-audit',
    name: { en: 'Line performance audit (OEE)', de: 'Linienaudit (OEE)', pt: 'Auditoria de desempenho da linha (OEE)' },
    description: {
      en: 'Two-day measurement of availability, performance and quality losses with an improvement plan.',
      de: 'Zweitägige Messung von Verfügbarkeits-, Leistungs- und Qualitätsverlusten mit Maßnahmenplan.',
      pt: 'Medição de dois dias das perdas de disponibilidade, desempenho e qualidade com plano de melhoria.',
    },
    countries: [...COUNTRY_CODES],
    segmentIds: ['food-beverage', 'packaging'],
    subSegmentIds: ['food-beverages', 'food-bakery', 'packaging-secondary'],
    prices: { EUR: 189_000, GBP: 163_000, CHF: 182_000, USD: 204_000, CAD: 279_000, INR: 17_000_000 },
    equipmentItems: [{ machineModel: 'Complete line', quantity: 1 }],
  },
  {
    id: 'svc-relocation',
    name: { en: 'Machine relocation', de: 'Maschinenumzug', pt: 'Realocação de máquinas' },
    description: {
      en: 'Dismantling, transport supervision, reinstallation and recommissioning at the new site.',
      de: 'Demontage, Transportbegleitung, Wiederaufbau und erneute Inbetriebnahme am neuen Standort.',
      pt: 'Desmontagem, supervisão do transporte, reinstalação e recomissionamento no novo local.',
    },
    countries: [...COUNTRY_CODES],
    segmentIds: ['food-beverage', 'packaging', 'pharma'],
    subSegmentIds: ['food-dairy', 'packaging-primary', 'pharma-solid-dosage'],
    prices: { EUR: 420_000, GBP: 362_000, CHF: 405_000, USD: 454_000, CAD: 620_000, INR: 37_800_000 },
    equipmentItems: [{ machineModel: 'Palletiser', quantity: 1 }],
  },
];
