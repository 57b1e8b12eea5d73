import { LANGUAGES, type HelpContent, type Language, type ManualEntry } from '@onsite/domain';
import { stableUuid } from '../common/stable-id.js';
import { textPdf } from '../common/text-pdf.js';
import type { FileStorage } from '../files/file-storage.js';

/** The help content the demo starts with: questions customers ask most, and the manuals of the portal. */
export const DEMO_HELP: HelpContent = {
  banner: {
    title: {
      en: 'Technicians on site, when and where your machines need them',
      de: 'Techniker vor Ort – wann und wo Ihre Maschinen sie brauchen',
      pt: 'Técnicos no local, quando e onde suas máquinas precisam',
    },
    text: {
      en: 'Order commissioning, maintenance, calibration and repairs for your plants in fourteen countries, or ask for a quote. Follow every offer, order and job in one place.',
      de: 'Bestellen Sie Inbetriebnahme, Wartung, Kalibrierung und Reparaturen für Ihre Werke in vierzehn Ländern oder fordern Sie ein Angebot an. Verfolgen Sie jedes Angebot, jeden Auftrag und jeden Einsatz an einem Ort.',
      pt: 'Peça comissionamento, manutenção, calibração e reparos para suas fábricas em catorze países, ou solicite uma cotação. Acompanhe cada oferta, pedido e serviço em um só lugar.',
    },
  },
  faqs: [
    {
      id: 'quote-or-order',
      topic: 'ordering',
      question: {
        en: 'Should I request a quote or order directly?',
        de: 'Soll ich ein Angebot anfordern oder direkt bestellen?',
        pt: 'Devo pedir uma cotação ou fazer o pedido diretamente?',
      },
      answer: {
        en: 'Request a quote when the scope or the price is not settled yet: our team answers with an offer you can accept or reject. Order directly when the service and its price from the portfolio fit; direct orders are open to OEM administrators and planners.',
        de: 'Fordern Sie ein Angebot an, wenn Umfang oder Preis noch offen sind: Unser Team antwortet mit einem Angebot, das Sie annehmen oder ablehnen können. Bestellen Sie direkt, wenn Leistung und Preis aus dem Portfolio passen; direkt bestellen können OEM-Administratoren und -Planer.',
        pt: 'Peça uma cotação quando o escopo ou o preço ainda não estiverem definidos: nossa equipe responde com uma oferta que você pode aceitar ou recusar. Faça o pedido diretamente quando o serviço e o preço do portfólio servirem; pedidos diretos estão disponíveis para administradores e planejadores OEM.',
      },
    },
    {
      id: 'short-notice',
      topic: 'ordering',
      question: {
        en: 'Why am I asked to confirm a short-notice order?',
        de: 'Warum muss ich einen kurzfristigen Auftrag bestätigen?',
        pt: 'Por que preciso confirmar um pedido de curto prazo?',
      },
      answer: {
        en: 'A service that starts within 72 hours of your request (in the time zone of the service location) is short notice. We do our best to staff it, but cannot promise the date; confirming tells us you know that.',
        de: 'Ein Einsatz, der innerhalb von 72 Stunden nach Ihrer Anfrage beginnt (in der Zeitzone des Einsatzorts), ist kurzfristig. Wir versuchen ihn zu besetzen, können den Termin aber nicht zusagen; mit der Bestätigung zeigen Sie, dass Sie das wissen.',
        pt: 'Um serviço que começa em até 72 horas após o pedido (no fuso horário do local) é de curto prazo. Fazemos o possível para atendê-lo, mas não podemos garantir a data; ao confirmar, você indica que está ciente disso.',
      },
    },
    {
      id: 'draft-kept',
      topic: 'ordering',
      question: {
        en: 'Is an order I have not finished kept?',
        de: 'Wird ein nicht abgeschlossener Auftrag gespeichert?',
        pt: 'Um pedido não concluído fica salvo?',
      },
      answer: {
        en: 'Yes. The form keeps what you entered in this browser, also after a reload or the next login. Choose "Save draft" to keep it on the server: it then appears in My service orders with the status Draft.',
        de: 'Ja. Das Formular behält Ihre Eingaben in diesem Browser, auch nach dem Neuladen oder der nächsten Anmeldung. Mit „Entwurf speichern“ liegt er auf dem Server und erscheint unter „Meine Serviceaufträge“ mit dem Status Entwurf.',
        pt: 'Sim. O formulário guarda o que você digitou neste navegador, mesmo após recarregar ou entrar novamente. Escolha "Salvar rascunho" para guardá-lo no servidor: ele aparece em Meus pedidos de serviço com o status Rascunho.',
      },
    },
    {
      id: 'offer-validity',
      topic: 'offers',
      question: { en: 'How long is an offer valid?', de: 'Wie lange gilt ein Angebot?', pt: 'Por quanto tempo uma oferta é válida?' },
      answer: {
        en: 'Each offer shows its expiry and counts down to it. Once it has expired it can no longer be accepted. If you need more time, use "Request more time" on the offer: our team can extend it.',
        de: 'Jedes Angebot zeigt sein Ablaufdatum und zählt bis dahin herunter. Danach kann es nicht mehr angenommen werden. Brauchen Sie mehr Zeit, wählen Sie „Mehr Zeit erbitten“ am Angebot: Unser Team kann es verlängern.',
        pt: 'Cada oferta mostra sua data de validade e uma contagem regressiva. Depois de expirada, não pode mais ser aceita. Se precisar de mais tempo, use "Pedir mais prazo" na oferta: nossa equipe pode prorrogá-la.',
      },
    },
    {
      id: 'po-number',
      topic: 'offers',
      question: {
        en: 'What if I do not have a PO number yet?',
        de: 'Was, wenn ich noch keine Bestellnummer habe?',
        pt: 'E se eu ainda não tiver um número de pedido de compra?',
      },
      answer: {
        en: 'Accept the offer with "-" as the PO number. While the order is submitted you can enter the real number, and attach the PO document, on the order tab.',
        de: 'Nehmen Sie das Angebot mit „-“ als Bestellnummer an. Solange der Auftrag übermittelt ist, können Sie die richtige Nummer und das Bestelldokument im Reiter „Auftrag“ nachtragen.',
        pt: 'Aceite a oferta com "-" como número do pedido de compra. Enquanto o pedido estiver enviado, você pode informar o número correto e anexar o documento na aba Pedido.',
      },
    },
    {
      id: 'reject-reasons',
      topic: 'offers',
      question: { en: 'Why do you ask for a reason when I reject an offer?', de: 'Warum fragen Sie nach einem Grund, wenn ich ein Angebot ablehne?' },
      answer: {
        en: 'Your reason tells us what to improve: price, dates, scope or something else. With "Other", please add a few words so that we understand.',
        de: 'Ihr Grund zeigt uns, was wir verbessern können: Preis, Termine, Umfang oder etwas anderes. Bei „Sonstiges“ schreiben Sie bitte ein paar Worte dazu.',
      },
    },
    {
      id: 'job-progress',
      topic: 'jobs',
      question: { en: 'How do I follow my job?', de: 'Wie verfolge ich meinen Einsatz?', pt: 'Como acompanho meu serviço?' },
      answer: {
        en: 'The order shows each step as it happens: planned, in progress, completed. The Job information tab names the team and the dates; the page updates by itself, no reload needed.',
        de: 'Der Auftrag zeigt jeden Schritt, sobald er geschieht: geplant, in Arbeit, abgeschlossen. Der Reiter „Einsatzinformationen“ nennt Team und Termine; die Seite aktualisiert sich selbst.',
        pt: 'O pedido mostra cada etapa assim que acontece: planejado, em andamento, concluído. A aba Informações do serviço mostra a equipe e as datas; a página se atualiza sozinha.',
      },
    },
    {
      id: 'feedback',
      topic: 'jobs',
      question: { en: 'When can I rate a job?', de: 'Wann kann ich einen Einsatz bewerten?', pt: 'Quando posso avaliar um serviço?' },
      answer: {
        en: 'Once the job is planned you can rate the planning, and once it is completed the work itself, on the Feedback tab. With one or two stars we ask for a comment, so that we can follow up.',
        de: 'Sobald der Einsatz geplant ist, können Sie die Planung bewerten, nach Abschluss die Arbeit selbst – im Reiter „Feedback“. Bei ein oder zwei Sternen bitten wir um einen Kommentar, damit wir nachfassen können.',
        pt: 'Quando o serviço estiver planejado, você pode avaliar o planejamento e, depois de concluído, o trabalho em si, na aba Feedback. Com uma ou duas estrelas pedimos um comentário para podermos acompanhar.',
      },
    },
    {
      id: 'invite-colleague',
      topic: 'account',
      question: { en: 'How do I add a colleague?', de: 'Wie füge ich eine Kollegin oder einen Kollegen hinzu?', pt: 'Como adiciono um colega?' },
      answer: {
        en: 'Administrators invite colleagues under User management. The colleague receives an e-mail with a link to set a password.',
        de: 'Administratoren laden Kolleginnen und Kollegen unter „Benutzerverwaltung“ ein. Sie erhalten eine E-Mail mit einem Link, um ein Passwort festzulegen.',
        pt: 'Administradores convidam colegas em Gestão de usuários. O colega recebe um e-mail com um link para definir a senha.',
      },
    },
  ],
  manuals: [
    {
      id: 'ordering-guide',
      issued: '2026-09-01',
      title: { en: 'Ordering guide', de: 'Leitfaden Bestellen', pt: 'Guia de pedidos' },
      summary: {
        en: 'From the service portfolio to the order confirmation: location, time frames, equipment and billing.',
        de: 'Vom Serviceportfolio bis zur Auftragsbestätigung: Einsatzort, Zeitfenster, Ausrüstung und Rechnungsadresse.',
        pt: 'Do portfólio de serviços à confirmação do pedido: local, períodos, equipamentos e faturamento.',
      },
      body: {
        en: [
          'Ordering guide',
          '1. Choose services in the service portfolio. Filter by segment, search by name and compare the prices from in your currency.',
          '2. Add them to My selection, then choose Get quote, or Order directly where your role allows it.',
          '3. Service location: enter the address of the site. Place the pin on the map where the technicians should go.',
          '4. Time frames: give one or more windows; the first is your preferred one. Night shifts may end on the next day.',
          '5. Equipment: name the machines and their quantity. Add tools you provide and any safety rules of the site.',
          '6. Billing: choose one of your company billing addresses or add a new one.',
          '7. Check the summary and send. You find the order under My service orders, where it updates as we work on it.',
          'Tip: a short-notice service (starting within 72 hours) needs your confirmation before it is sent.',
        ],
        de: [
          'Leitfaden Bestellen',
          '1. Wählen Sie Leistungen im Serviceportfolio. Filtern Sie nach Segment, suchen Sie nach Namen und vergleichen Sie die Ab-Preise in Ihrer Währung.',
          '2. Legen Sie sie in „Meine Auswahl“ und wählen Sie „Angebot anfordern“ oder, wo Ihre Rolle es erlaubt, „Direkt bestellen“.',
          '3. Einsatzort: Geben Sie die Adresse an. Setzen Sie die Markierung auf der Karte dorthin, wo die Techniker hin sollen.',
          '4. Zeitfenster: Geben Sie ein oder mehrere Fenster an; das erste ist Ihr bevorzugtes. Nachtschichten dürfen am Folgetag enden.',
          '5. Ausrüstung: Nennen Sie Maschinen und Anzahl. Ergänzen Sie Werkzeuge, die Sie stellen, und Sicherheitsregeln des Standorts.',
          '6. Rechnung: Wählen Sie eine Rechnungsadresse Ihres Unternehmens oder legen Sie eine neue an.',
          '7. Prüfen Sie die Zusammenfassung und senden Sie. Der Auftrag steht unter „Meine Serviceaufträge“ und aktualisiert sich, während wir daran arbeiten.',
          'Tipp: Ein kurzfristiger Einsatz (Beginn innerhalb von 72 Stunden) braucht vor dem Senden Ihre Bestätigung.',
        ],
        pt: [
          'Guia de pedidos',
          '1. Escolha serviços no portfólio. Filtre por segmento, pesquise pelo nome e compare os preços a partir de na sua moeda.',
          '2. Adicione-os a Minha seleção e escolha Pedir cotação ou, se sua função permitir, Pedir diretamente.',
          '3. Local do serviço: informe o endereço. Posicione o marcador no mapa onde os técnicos devem ir.',
          '4. Períodos: informe uma ou mais janelas; a primeira é a preferida. Turnos noturnos podem terminar no dia seguinte.',
          '5. Equipamentos: informe as máquinas e a quantidade. Acrescente ferramentas que você fornece e regras de segurança do local.',
          '6. Faturamento: escolha um endereço de cobrança da sua empresa ou adicione um novo.',
          '7. Confira o resumo e envie. O pedido aparece em Meus pedidos de serviço e é atualizado enquanto trabalhamos nele.',
          'Dica: um serviço de curto prazo (início em até 72 horas) precisa da sua confirmação antes do envio.',
        ],
      },
    },
    {
      id: 'offers-and-acceptance',
      issued: '2026-09-01',
      title: { en: 'Offers and acceptance', de: 'Angebote und Annahme', pt: 'Ofertas e aceite' },
      summary: {
        en: 'Reading an offer, accepting it with a PO and a billing address, rejecting it with a reason.',
        de: 'Ein Angebot lesen, mit Bestellnummer und Rechnungsadresse annehmen, mit Begründung ablehnen.',
        pt: 'Ler uma oferta, aceitá-la com pedido de compra e endereço de cobrança, recusá-la com um motivo.',
      },
      body: {
        en: [
          'Offers and acceptance',
          'When our team has made an offer, the order shows the status Offer received and the Offer tab holds the price, the validity and the offer document.',
          'Accept: enter your PO number (or "-" when you have none yet), attach the PO document if you like, choose the billing address and accept the terms.',
          'Reject: choose one or more reasons. With "Other", add a comment.',
          'An offer counts down to its expiry. If you need more time, request it on the offer; we may extend the validity.',
          'After acceptance the order is submitted. You may still correct the PO number while it is submitted.',
        ],
        de: [
          'Angebote und Annahme',
          'Hat unser Team ein Angebot erstellt, zeigt der Auftrag den Status „Angebot erhalten“; der Reiter „Angebot“ enthält Preis, Gültigkeit und Angebotsdokument.',
          'Annehmen: Geben Sie Ihre Bestellnummer ein (oder „-“, wenn Sie noch keine haben), hängen Sie bei Bedarf das Bestelldokument an, wählen Sie die Rechnungsadresse und akzeptieren Sie die Bedingungen.',
          'Ablehnen: Wählen Sie einen oder mehrere Gründe. Bei „Sonstiges“ ergänzen Sie einen Kommentar.',
          'Ein Angebot zählt bis zu seinem Ablauf herunter. Brauchen Sie mehr Zeit, bitten Sie am Angebot darum; wir können die Gültigkeit verlängern.',
          'Nach der Annahme ist der Auftrag übermittelt. Die Bestellnummer können Sie solange noch korrigieren.',
        ],
      },
    },
    {
      id: 'administration',
      issued: '2026-06-15',
      title: { en: 'Administering your company', de: 'Ihr Unternehmen verwalten', pt: 'Administração da sua empresa' },
      summary: {
        en: 'For administrators: colleagues, roles, company information and billing addresses.',
        de: 'Für Administratoren: Kolleginnen und Kollegen, Rollen, Unternehmensdaten und Rechnungsadressen.',
        pt: 'Para administradores: colegas, funções, dados da empresa e endereços de cobrança.',
      },
      body: {
        en: [
          'Administering your company',
          'User management lists your colleagues. Invite a colleague by e-mail and give them a role: administrators manage users and company data, planners order, quotation-only users request quotes.',
          'A user who leaves is archived; name the colleague who takes over their orders.',
          'Company information holds the general data, the main contact and the invoice e-mail. Complete it before your first acceptance.',
          'Billing addresses: add one per invoicing entity. In India a GST number is required.',
        ],
      },
    },
  ],
};

/** Where a demo manual's PDF in a language is stored: the same path on every start, so the seed can resume. */
const demoManualPath = (id: string, language: Language) => `${stableUuid('onsite-demo', `manual:${id}:${language}`)}.pdf`;

/** The demo manuals as a staff administrator creates them (D212): a PDF per language their text is written in. */
export function demoManualEntries(): ManualEntry[] {
  return DEMO_HELP.manuals.map(({ body, ...texts }) => {
    const files: Partial<Record<Language, { path: string; name: string }>> = {};
    for (const language of LANGUAGES) {
      if (body[language]) files[language] = { path: demoManualPath(texts.id, language), name: `${texts.title[language] ?? texts.title.en}.pdf` };
    }
    return { ...texts, files } as ManualEntry;
  });
}

/**
 * Writes the demo manuals' PDFs where their entries say they are, unless they are there (every start that seeds: the
 * files of an in-memory store, or of a store copied from another's, are not in its storage yet).
 */
export async function ensureDemoManualFiles(storage: FileStorage): Promise<void> {
  for (const manual of DEMO_HELP.manuals) {
    for (const language of LANGUAGES) {
      const body = manual.body[language];
      if (!body) continue;
      const title = manual.title[language] ?? manual.title.en;
      await storage.saveAt(demoManualPath(manual.id, language), textPdf(title, body, `Onsite - ${title} - ${manual.issued}`));
    }
  }
}
