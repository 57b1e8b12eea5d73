/**
 * Metadata carried by every stored event. The acting user is always recorded; when staff act on behalf
 * of a customer, `actorUserId` is the staff user and `onBehalfOfUserId` the customer user.
 */
export interface EventMetadata {
  readonly actorUserId: string;
  readonly onBehalfOfUserId?: string;
  /** The API token the command came with (D211); `actorUserId` is the user whose rights bound it. */
  readonly viaApiToken?: { readonly id: string; readonly name: string };
  readonly correlationId: string;
  readonly causationId: string;
  /** ISO 8601 instant in UTC. */
  readonly occurredAt: string;
  /**
   * The shape of the event's data (shared/upcasting.ts): added by the event store on append, the type's current
   * version unless the writer set one. Absent on events stored before versions were recorded: version 1.
   */
  readonly schemaVersion?: number;
}

/** An event as a decider produces it: a stored type name and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** An event as the event store returns it. */
export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  readonly eventId: string;
  readonly streamId: string;
  /** 1-based position of the event in its stream. */
  readonly streamVersion: number;
  /** Opaque, adapter-specific checkpoint of this event in the global order. */
  readonly checkpoint: string;
  /** Monotonic global sequence number as a decimal string (for display and ordering within one store). */
  readonly globalPosition: string;
  readonly type: E['type'];
  readonly data: E['data'];
  readonly metadata: EventMetadata;
  /** ISO 8601 instant in UTC at which the store committed the event. */
  readonly recordedAt: string;
}

export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
