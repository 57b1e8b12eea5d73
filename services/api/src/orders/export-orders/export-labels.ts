import type { Language, OrderStatus } from '@onsite/domain';

export const EXPORT_COLUMNS = [
  'reference', 'status', 'customer', 'endCustomer', 'location', 'city', 'country', 'services', 'serviceCount',
  'requestedAt', 'firstStart', 'offerExpiresAt', 'owner', 'updatedAt',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

interface ExportLabels {
  readonly sheet: string;
  readonly columns: Record<ExportColumn, string>;
  readonly statuses: Record<OrderStatus, string>;
}

/**
 * The texts of the order export per language: the list's column names and the console's status labels in staff
 * wording (`statusStaff.*` where it differs: staff send offers and receive requests and orders). Only staff export.
 */
export const EXPORT_LABELS: Record<Language, ExportLabels> = {
  en: {
    sheet: 'Orders',
    columns: {
      reference: 'Reference', status: 'Status', customer: 'Customer', endCustomer: 'End customer', location: 'Location', city: 'City',
      country: 'Country', services: 'Services', serviceCount: 'Number of services', requestedAt: 'Requested at',
      firstStart: 'First start (local time)', offerExpiresAt: 'Offer expires', owner: 'Owner', updatedAt: 'Last change',
    },
    statuses: {
      IN_PREPARATION: 'In preparation', INCOMPLETE: 'Draft', REQUESTED_QUOTE: 'Quote request received', OFFERED: 'Offer sent', EXPIRED: 'Expired',
      DELETED: 'Deleted', CANCELED: 'Cancelled', DECLINED: 'Declined', ORDER_SUBMITTED: 'Order received', JOB_IN_PLANNING: 'Job in planning',
      JOB_PLANNED: 'Job planned', JOB_IN_PROGRESS: 'Job in progress', JOB_COMPLETED: 'Job completed', JOB_CANCELLED: 'Job cancelled',
      JOB_CLOSED: 'Job closed', BILLED: 'Billed', CLOSED: 'Closed', REOPENED: 'Reopened',
    },
  },
  de: {
    sheet: 'Aufträge',
    columns: {
      reference: 'Referenz', status: 'Status', customer: 'Kunde', endCustomer: 'Endkunde', location: 'Standort', city: 'Ort',
      country: 'Land', services: 'Leistungen', serviceCount: 'Anzahl Leistungen', requestedAt: 'Angefragt am',
      firstStart: 'Erster Beginn (Ortszeit)', offerExpiresAt: 'Angebot gültig bis', owner: 'Verantwortlich', updatedAt: 'Letzte Änderung',
    },
    statuses: {
      IN_PREPARATION: 'In Vorbereitung', INCOMPLETE: 'Entwurf', REQUESTED_QUOTE: 'Angebotsanfrage erhalten', OFFERED: 'Angebot gesendet', EXPIRED: 'Abgelaufen',
      DELETED: 'Gelöscht', CANCELED: 'Storniert', DECLINED: 'Abgelehnt', ORDER_SUBMITTED: 'Auftrag erhalten', JOB_IN_PLANNING: 'Einsatz in Planung',
      JOB_PLANNED: 'Einsatz geplant', JOB_IN_PROGRESS: 'Einsatz läuft', JOB_COMPLETED: 'Einsatz abgeschlossen', JOB_CANCELLED: 'Einsatz storniert',
      JOB_CLOSED: 'Einsatz geschlossen', BILLED: 'Abgerechnet', CLOSED: 'Geschlossen', REOPENED: 'Wiedereröffnet',
    },
  },
  pt: {
    sheet: 'Pedidos',
    columns: {
      reference: 'Referência', status: 'Status', customer: 'Cliente', endCustomer: 'Cliente final', location: 'Local', city: 'Cidade',
      country: 'País', services: 'Serviços', serviceCount: 'Número de serviços', requestedAt: 'Solicitado em',
      firstStart: 'Primeiro início (hora local)', offerExpiresAt: 'Proposta expira em', owner: 'Responsável', updatedAt: 'Última alteração',
    },
    statuses: {
      IN_PREPARATION: 'Em preparação', INCOMPLETE: 'Rascunho', REQUESTED_QUOTE: 'Solicitação de orçamento recebida', OFFERED: 'Proposta enviada', EXPIRED: 'Expirado',
      DELETED: 'Excluído', CANCELED: 'Cancelado', DECLINED: 'Recusado', ORDER_SUBMITTED: 'Pedido recebido', JOB_IN_PLANNING: 'Serviço em planejamento',
      JOB_PLANNED: 'Serviço planejado', JOB_IN_PROGRESS: 'Serviço em andamento', JOB_COMPLETED: 'Serviço concluído', JOB_CANCELLED: 'Serviço cancelado',
      JOB_CLOSED: 'Serviço encerrado', BILLED: 'Faturado', CLOSED: 'Encerrado', REOPENED: 'Reaberto',
    },
  },
};
