/** A type with every object and array read-only, so that mutable and read-only versions of one shape compare equal. */
export type DeepReadonly<T> = T extends readonly (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/**
 * Compiles only when every `From` is a `To` (read-only or not). The response contract checks use it both ways:
 * what the api sends passes the shared schema, and what the schema yields is what the api sends (so the schema
 * names no field the api lacks and leaves out none the api always sends).
 */
export type Assignable<From extends DeepReadonly<To>, To> = [From, To];
