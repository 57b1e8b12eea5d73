import type { PartnerOfferContent } from '@onsite/domain';

const day = (today: string, days: number): string => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo marketplace, dated around `today` (`YYYY-MM-DD`): offers running now in the demo customers' countries,
 * one that starts next month and one that has ended, so staff see every phase and customers a lived-in page.
 */
export function demoPartnerOffers(today: string): PartnerOfferContent[] {
  return [
    {
      type: 'SPARE_PARTS',
      partnerName: 'Rheinwerk Ersatzteile GmbH',
      title: {
        en: 'Original spare parts with next-day delivery',
        de: 'Originalersatzteile mit Lieferung am nächsten Tag',
        pt: 'Peças originais com entrega no dia seguinte',
      },
      description: {
        en: 'Wear parts for presses, conveyors and packaging lines from stock. Orders placed by 4 pm ship the same day; our technicians can bring them to your next service visit.',
        de: 'Verschleißteile für Pressen, Förderanlagen und Verpackungslinien ab Lager. Bis 16 Uhr bestellt, am selben Tag versandt; unsere Techniker bringen sie auf Wunsch zum nächsten Einsatz mit.',
        pt: 'Peças de desgaste para prensas, transportadores e linhas de embalagem em estoque. Pedidos feitos até as 16h são enviados no mesmo dia.',
      },
      keywords: ['spare parts', 'Ersatzteile', 'delivery'],
      products: ['Bearings', 'Drive belts', 'Seals', 'Sensors'],
      countries: ['de', 'at', 'ch', 'uk'],
      validFrom: day(today, -60),
      validTo: day(today, 120),
      link: 'https://partners.onsite.example/rheinwerk',
    },
    {
      type: 'TRAINING',
      partnerName: 'Thames Technical Academy',
      title: { en: 'Operator training for your maintenance team', de: 'Bedienerschulung für Ihr Instandhaltungsteam' },
      description: {
        en: 'Two-day course at your plant: safe operation, daily checks and first-level troubleshooting. Certificates for every participant, in English or German.',
        de: 'Zweitägiger Kurs in Ihrem Werk: sicherer Betrieb, tägliche Prüfungen und Fehlersuche der ersten Ebene. Zertifikate für alle Teilnehmenden, auf Englisch oder Deutsch.',
      },
      keywords: ['training', 'Schulung', 'certificate'],
      products: ['Operator course', 'Safety briefing'],
      countries: ['uk', 'ie', 'de'],
      validFrom: day(today, -10),
      validTo: day(today, 5),
      link: 'https://partners.onsite.example/thames-academy',
    },
    {
      type: 'SOFTWARE',
      partnerName: 'Lumen Condition Monitoring',
      title: {
        en: 'Condition monitoring, three months free',
        de: 'Zustandsüberwachung, drei Monate kostenlos',
        pt: 'Monitoramento de condição, três meses grátis',
      },
      description: {
        en: 'Vibration and temperature sensors with a web dashboard that warns before a machine fails. Installation by our technicians during a regular service.',
        de: 'Schwingungs- und Temperatursensoren mit einem Web-Dashboard, das vor einem Ausfall warnt. Installation durch unsere Techniker bei einem regulären Einsatz.',
        pt: 'Sensores de vibração e temperatura com um painel web que avisa antes de uma falha. Instalação pelos nossos técnicos durante um serviço regular.',
      },
      keywords: ['monitoring', 'predictive maintenance', 'IoT'],
      products: ['Vibration sensor', 'Dashboard licence'],
      countries: ['uk', 'de', 'us', 'in', 'ch'],
      validFrom: day(today, -30),
      validTo: day(today, 60),
    },
    {
      type: 'FINANCING',
      partnerName: 'Meridian Equipment Finance',
      title: { en: 'Spread the cost of a retrofit over 36 months' },
      description: { en: 'Leasing for retrofits and overhauls above 10,000 in your currency, decided within two working days.' },
      keywords: ['leasing', 'finance'],
      products: ['Retrofit leasing'],
      countries: ['uk', 'us', 'ca'],
      validFrom: day(today, 30),
      validTo: day(today, 210),
    },
    {
      type: 'CONSUMABLES',
      partnerName: 'Kühl & Schmier AG',
      title: { en: 'Lubricants at last year’s prices', de: 'Schmierstoffe zu Vorjahrespreisen' },
      description: {
        en: 'Food-grade and high-temperature lubricants at last year’s prices.',
        de: 'Lebensmitteltaugliche und Hochtemperatur-Schmierstoffe zu Vorjahrespreisen.',
      },
      keywords: ['lubricants', 'Schmierstoffe'],
      products: ['Food-grade grease', 'High-temperature oil'],
      countries: ['de', 'at'],
      validFrom: day(today, -120),
      validTo: day(today, -20),
    },
  ];
}
