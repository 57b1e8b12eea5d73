/**
 * The version of the terms and conditions a customer accepts together with an offer. Change it whenever the
 * terms document changes: every acceptance records the version it was given under (the 'as accepted' evidence).
 */
export const TERMS_VERSION = '2026-11-01';
