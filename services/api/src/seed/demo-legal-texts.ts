/**
 * The legal documents customers accept (D33): the end-user licence agreement and the privacy policy, each in
 * English, German and Portuguese: the demo seed publishes them as the first version of each document (D206).
 */
type LegalLanguage = 'en' | 'de' | 'pt';
export interface LegalText {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

export const LICENCE: Readonly<Record<LegalLanguage, LegalText>> = {
  en: {
    title: 'End-user licence agreement',
    paragraphs: [
      '1. Scope. This agreement governs the use of the Onsite portal (the "portal") operated by Onsite Services GmbH, Hafenstrasse 1, 20095 Hamburg, Germany (the "provider"), by the users of its business customers. It applies in addition to the framework or service contract between the provider and the customer; where they differ, that contract prevails.',
      "2. Users and accounts. The portal is for businesses only. Each user receives a personal account and keeps the password secret. The customer's administrators decide who may use the portal and with which role, and archive the accounts of users who leave. Actions taken with an account are attributed to its user.",
      "3. Licence. For the term of the customer relationship the provider grants each user a non-exclusive, non-transferable right to use the portal through a web browser for the customer's own business purposes. Copying, reverse engineering, automated mass queries and any use that endangers the operation of the portal are not allowed.",
      '4. Requests, offers and orders. A quote request is an invitation to make an offer. An offer binds the provider until its expiry shown in the portal. An order comes into being when the customer accepts an offer or, where the portal allows direct orders, when the provider confirms the order. Prices are those of the offer or of the service portfolio in force at the time of the order.',
      '5. Customer duties. The customer gives correct and complete information about the service location, the time frames, the equipment and the safety rules of the site, names a local contact and grants the technicians access. Short-notice orders (start within 72 hours) are accepted without a guarantee of the date.',
      '6. Availability. The provider aims for a high availability of the portal but does not owe uninterrupted operation. Maintenance is announced in advance where possible. Orders and offers already made remain valid during an interruption.',
      "7. Content and files. Documents the customer uploads (for example purchase orders) remain the customer's. The provider uses them only to handle the order. The customer ensures that uploads contain no malicious code and infringe no rights of others.",
      '8. Liability. The provider is liable without limitation for intent and gross negligence and for injury to life, body or health. For slight negligence it is liable only for the breach of essential obligations and limited to the damage typical and foreseeable at the time of the order. Liability under product liability law remains unaffected.',
      '9. Changes. The provider may change this agreement for good reason. Users are asked to accept a new edition when they next log in; until then the previous edition applies.',
      '10. Final provisions. German law applies, excluding the UN Convention on Contracts for the International Sale of Goods. Place of jurisdiction is Hamburg, where the customer is a merchant.',
    ],
  },
  de: {
    title: 'Endbenutzer-Lizenzvereinbarung',
    paragraphs: [
      '1. Geltungsbereich. Diese Vereinbarung regelt die Nutzung des Onsite-Portals (das „Portal“) der Onsite Services GmbH, Hafenstraße 1, 20095 Hamburg (der „Anbieter“) durch die Nutzer seiner Geschäftskunden. Sie gilt ergänzend zum Rahmen- oder Servicevertrag zwischen Anbieter und Kunde; bei Abweichungen geht dieser Vertrag vor.',
      '2. Nutzer und Konten. Das Portal richtet sich ausschließlich an Unternehmen. Jeder Nutzer erhält ein persönliches Konto und hält sein Passwort geheim. Die Administratoren des Kunden entscheiden, wer das Portal mit welcher Rolle nutzt, und archivieren die Konten ausscheidender Nutzer. Handlungen über ein Konto werden dessen Nutzer zugerechnet.',
      '3. Lizenz. Für die Dauer der Kundenbeziehung räumt der Anbieter jedem Nutzer das nicht ausschließliche, nicht übertragbare Recht ein, das Portal über einen Webbrowser für eigene geschäftliche Zwecke des Kunden zu nutzen. Vervielfältigung, Reverse Engineering, automatisierte Massenabfragen und jede Nutzung, die den Betrieb des Portals gefährdet, sind untersagt.',
      '4. Anfragen, Angebote und Aufträge. Eine Angebotsanfrage ist eine Aufforderung zur Abgabe eines Angebots. Ein Angebot bindet den Anbieter bis zu seinem im Portal angezeigten Ablauf. Ein Auftrag kommt zustande, wenn der Kunde ein Angebot annimmt oder, wo das Portal Direktbestellungen erlaubt, wenn der Anbieter die Bestellung bestätigt. Es gelten die Preise des Angebots oder des zum Bestellzeitpunkt gültigen Serviceportfolios.',
      '5. Pflichten des Kunden. Der Kunde macht richtige und vollständige Angaben zu Einsatzort, Zeitfenstern, Ausrüstung und Sicherheitsregeln des Standorts, benennt einen Ansprechpartner vor Ort und gewährt den Technikern Zugang. Kurzfristige Aufträge (Beginn innerhalb von 72 Stunden) werden ohne Termingarantie angenommen.',
      '6. Verfügbarkeit. Der Anbieter strebt eine hohe Verfügbarkeit des Portals an, schuldet aber keinen unterbrechungsfreien Betrieb. Wartungen werden nach Möglichkeit vorab angekündigt. Bereits erteilte Aufträge und Angebote bleiben während einer Unterbrechung gültig.',
      '7. Inhalte und Dateien. Vom Kunden hochgeladene Dokumente (zum Beispiel Bestellungen) bleiben seine. Der Anbieter nutzt sie nur zur Abwicklung des Auftrags. Der Kunde stellt sicher, dass Uploads keinen Schadcode enthalten und keine Rechte Dritter verletzen.',
      '8. Haftung. Der Anbieter haftet unbeschränkt für Vorsatz und grobe Fahrlässigkeit sowie für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit. Bei leichter Fahrlässigkeit haftet er nur für die Verletzung wesentlicher Pflichten und begrenzt auf den bei Auftragserteilung typischen und vorhersehbaren Schaden. Die Haftung nach dem Produkthaftungsgesetz bleibt unberührt.',
      '9. Änderungen. Der Anbieter kann diese Vereinbarung aus sachlichem Grund ändern. Nutzer werden bei der nächsten Anmeldung gebeten, die neue Fassung anzunehmen; bis dahin gilt die bisherige Fassung.',
      '10. Schlussbestimmungen. Es gilt deutsches Recht unter Ausschluss des UN-Kaufrechts. Gerichtsstand ist Hamburg, sofern der Kunde Kaufmann ist.',
    ],
  },
  pt: {
    title: 'Contrato de licença de usuário final',
    paragraphs: [
      '1. Âmbito. Este contrato rege o uso do portal Onsite (o "portal"), operado pela Onsite Services GmbH, Hafenstrasse 1, 20095 Hamburgo, Alemanha (o "fornecedor"), pelos usuários de seus clientes empresariais. Aplica-se em complemento ao contrato-quadro ou de serviços entre o fornecedor e o cliente; em caso de divergência, prevalece esse contrato.',
      '2. Usuários e contas. O portal destina-se exclusivamente a empresas. Cada usuário recebe uma conta pessoal e mantém sua senha em sigilo. Os administradores do cliente decidem quem usa o portal e com qual função, e arquivam as contas de usuários que saem. As ações realizadas com uma conta são atribuídas ao seu usuário.',
      '3. Licença. Durante a relação com o cliente, o fornecedor concede a cada usuário o direito não exclusivo e intransferível de usar o portal por meio de um navegador para fins comerciais próprios do cliente. Cópia, engenharia reversa, consultas automatizadas em massa e qualquer uso que ponha em risco a operação do portal não são permitidos.',
      '4. Solicitações, ofertas e pedidos. Uma solicitação de cotação é um convite para apresentar uma oferta. Uma oferta vincula o fornecedor até a data de validade exibida no portal. O pedido se forma quando o cliente aceita uma oferta ou, quando o portal permite pedidos diretos, quando o fornecedor confirma o pedido. Valem os preços da oferta ou do portfólio de serviços vigente no momento do pedido.',
      '5. Obrigações do cliente. O cliente fornece informações corretas e completas sobre o local do serviço, os períodos, os equipamentos e as regras de segurança do local, indica um contato local e concede acesso aos técnicos. Pedidos de curto prazo (início em até 72 horas) são aceitos sem garantia de data.',
      '6. Disponibilidade. O fornecedor busca uma alta disponibilidade do portal, mas não garante operação ininterrupta. Manutenções são anunciadas com antecedência sempre que possível. Pedidos e ofertas já feitos permanecem válidos durante uma interrupção.',
      '7. Conteúdo e arquivos. Os documentos enviados pelo cliente (por exemplo, pedidos de compra) continuam sendo do cliente. O fornecedor os utiliza apenas para processar o pedido. O cliente garante que os arquivos não contêm código malicioso e não violam direitos de terceiros.',
      '8. Responsabilidade. O fornecedor responde sem limitação por dolo e culpa grave e por danos à vida, ao corpo ou à saúde. Por culpa leve, responde apenas pela violação de obrigações essenciais e limitado ao dano típico e previsível no momento do pedido. A responsabilidade nos termos da lei de responsabilidade pelo produto não é afetada.',
      '9. Alterações. O fornecedor pode alterar este contrato por motivo justificado. Os usuários serão solicitados a aceitar a nova versão no próximo acesso; até lá, vale a versão anterior.',
      '10. Disposições finais. Aplica-se a lei alemã, excluída a Convenção das Nações Unidas sobre Contratos de Compra e Venda Internacional de Mercadorias. O foro é Hamburgo, quando o cliente for comerciante.',
    ],
  },
};

export const PRIVACY: Readonly<Record<LegalLanguage, LegalText>> = {
  en: {
    title: 'Privacy policy',
    paragraphs: [
      '1. Controller. Onsite Services GmbH, Hafenstrasse 1, 20095 Hamburg, Germany, is responsible for the processing of personal data in the Onsite portal. Our data protection officer can be reached at privacy@onsite-services.example.',
      '2. Data we process. Account data (name, business e-mail address, phone number, company, role, language), order data (service locations, time frames, equipment, contacts on site, purchase order numbers, billing addresses, feedback) and usage data (log-in times, actions in the portal with their time, the address of the requesting device).',
      '3. Purposes and legal bases. We process these data to provide the portal and to handle requests, offers, orders and jobs (performance of the contract, Art. 6(1)(b) GDPR), to keep an audit trail of every change and to secure the portal (legitimate interests, Art. 6(1)(f) GDPR), and to meet retention duties under commercial and tax law (Art. 6(1)(c) GDPR).',
      '4. Recipients. Our technicians and planners see the data of the jobs they handle. The job specification is sent to our planning tool. Hosting and e-mail are provided by processors bound by contract under Art. 28 GDPR. Where staff act on behalf of a customer user, both are recorded.',
      "5. Transfers outside the EEA. Where jobs take place outside the European Economic Area, the data a job needs are transferred to the provider's team in that country on the basis of standard contractual clauses.",
      '6. Retention. Account data are kept while the account exists and deleted after archiving, unless retention duties apply. Order records are kept for ten years under German commercial and tax law. Session tokens expire after inactivity and are deleted.',
      '7. Your rights. You may request access, rectification, erasure, restriction of processing and data portability, and object to processing based on legitimate interests. You may lodge a complaint with a supervisory authority, for example the Hamburg Commissioner for Data Protection and Freedom of Information.',
      '8. Security. Passwords are stored only as salted hashes, connections are encrypted, and every change to an order is recorded with the acting user, so that it can be traced.',
      '9. Cookies and local storage. The portal uses no tracking. It keeps the session token, the chosen language and drafts of unfinished orders in your browser; they are removed when you log out or clear the draft.',
      '10. Changes. We update this policy when our processing changes. The edition in force is shown in the portal; you are asked to take note of a new edition when you next log in.',
    ],
  },
  de: {
    title: 'Datenschutzerklärung',
    paragraphs: [
      '1. Verantwortlicher. Verantwortlich für die Verarbeitung personenbezogener Daten im Onsite-Portal ist die Onsite Services GmbH, Hafenstraße 1, 20095 Hamburg. Unseren Datenschutzbeauftragten erreichen Sie unter privacy@onsite-services.example.',
      '2. Verarbeitete Daten. Kontodaten (Name, geschäftliche E-Mail-Adresse, Telefonnummer, Unternehmen, Rolle, Sprache), Auftragsdaten (Einsatzorte, Zeitfenster, Ausrüstung, Ansprechpartner vor Ort, Bestellnummern, Rechnungsadressen, Feedback) und Nutzungsdaten (Anmeldezeiten, Aktionen im Portal mit Zeitpunkt, Adresse des anfragenden Geräts).',
      '3. Zwecke und Rechtsgrundlagen. Wir verarbeiten diese Daten, um das Portal bereitzustellen und Anfragen, Angebote, Aufträge und Einsätze abzuwickeln (Vertragserfüllung, Art. 6 Abs. 1 lit. b DSGVO), um jede Änderung nachvollziehbar zu protokollieren und das Portal zu sichern (berechtigte Interessen, Art. 6 Abs. 1 lit. f DSGVO) sowie zur Erfüllung handels- und steuerrechtlicher Aufbewahrungspflichten (Art. 6 Abs. 1 lit. c DSGVO).',
      '4. Empfänger. Unsere Techniker und Planer sehen die Daten der Einsätze, die sie bearbeiten. Die Einsatzspezifikation wird an unser Planungswerkzeug übermittelt. Hosting und E-Mail-Versand erbringen Auftragsverarbeiter, die nach Art. 28 DSGVO vertraglich gebunden sind. Handeln Mitarbeitende im Namen eines Kundennutzers, werden beide festgehalten.',
      '5. Übermittlung außerhalb des EWR. Finden Einsätze außerhalb des Europäischen Wirtschaftsraums statt, werden die für den Einsatz nötigen Daten auf Grundlage von Standardvertragsklauseln an das Team des Anbieters in diesem Land übermittelt.',
      '6. Speicherdauer. Kontodaten speichern wir, solange das Konto besteht, und löschen sie nach der Archivierung, soweit keine Aufbewahrungspflichten entgegenstehen. Auftragsunterlagen bewahren wir nach Handels- und Steuerrecht zehn Jahre auf. Sitzungstoken verfallen nach Inaktivität und werden gelöscht.',
      '7. Ihre Rechte. Sie können Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung und Datenübertragbarkeit verlangen und der Verarbeitung auf Grundlage berechtigter Interessen widersprechen. Sie können sich bei einer Aufsichtsbehörde beschweren, etwa beim Hamburgischen Beauftragten für Datenschutz und Informationsfreiheit.',
      '8. Sicherheit. Passwörter speichern wir nur als gesalzene Hashwerte, Verbindungen sind verschlüsselt, und jede Änderung an einem Auftrag wird mit dem handelnden Nutzer protokolliert, damit sie nachvollziehbar bleibt.',
      '9. Cookies und lokaler Speicher. Das Portal verwendet kein Tracking. Es speichert das Sitzungstoken, die gewählte Sprache und Entwürfe nicht abgeschlossener Aufträge in Ihrem Browser; sie werden beim Abmelden oder Verwerfen des Entwurfs entfernt.',
      '10. Änderungen. Wir passen diese Erklärung an, wenn sich unsere Verarbeitung ändert. Die geltende Fassung wird im Portal angezeigt; bei der nächsten Anmeldung werden Sie gebeten, eine neue Fassung zur Kenntnis zu nehmen.',
    ],
  },
  pt: {
    title: 'Política de privacidade',
    paragraphs: [
      '1. Controlador. A Onsite Services GmbH, Hafenstrasse 1, 20095 Hamburgo, Alemanha, é responsável pelo tratamento de dados pessoais no portal Onsite. Nosso encarregado de proteção de dados pode ser contatado em privacy@onsite-services.example.',
      '2. Dados tratados. Dados da conta (nome, e-mail comercial, telefone, empresa, função, idioma), dados dos pedidos (locais de serviço, períodos, equipamentos, contatos no local, números de pedido de compra, endereços de cobrança, avaliações) e dados de uso (horários de acesso, ações no portal com seu horário, endereço do dispositivo solicitante).',
      '3. Finalidades e bases legais. Tratamos esses dados para disponibilizar o portal e processar solicitações, ofertas, pedidos e serviços (execução do contrato, art. 6(1)(b) do RGPD), para manter um registro de cada alteração e proteger o portal (interesses legítimos, art. 6(1)(f) do RGPD) e para cumprir obrigações legais de guarda comercial e fiscal (art. 6(1)(c) do RGPD).',
      '4. Destinatários. Nossos técnicos e planejadores veem os dados dos serviços que atendem. A especificação do serviço é enviada à nossa ferramenta de planejamento. Hospedagem e envio de e-mails são prestados por operadores vinculados por contrato nos termos do art. 28 do RGPD. Quando a equipe atua em nome de um usuário do cliente, ambos são registrados.',
      '5. Transferências para fora do EEE. Quando os serviços ocorrem fora do Espaço Econômico Europeu, os dados necessários são transferidos à equipe do fornecedor naquele país com base em cláusulas contratuais padrão.',
      '6. Prazo de guarda. Os dados da conta são mantidos enquanto a conta existir e excluídos após o arquivamento, salvo obrigações legais de guarda. Os registros de pedidos são mantidos por dez anos conforme a legislação comercial e fiscal alemã. Os tokens de sessão expiram após inatividade e são excluídos.',
      '7. Seus direitos. Você pode solicitar acesso, retificação, exclusão, limitação do tratamento e portabilidade dos dados, e se opor ao tratamento baseado em interesses legítimos. Você pode apresentar reclamação a uma autoridade de controle.',
      '8. Segurança. As senhas são armazenadas apenas como hashes com sal, as conexões são criptografadas e cada alteração em um pedido é registrada com o usuário que a realizou, para que possa ser rastreada.',
      '9. Cookies e armazenamento local. O portal não usa rastreamento. Ele guarda no seu navegador o token de sessão, o idioma escolhido e rascunhos de pedidos não concluídos; eles são removidos ao sair ou ao descartar o rascunho.',
      '10. Alterações. Atualizamos esta política quando nosso tratamento de dados mudar. A versão em vigor é exibida no portal; você será solicitado a tomar conhecimento de uma nova versão no próximo acesso.',
    ],
  },
};
