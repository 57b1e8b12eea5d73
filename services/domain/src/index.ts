export * from './shared/metadata.js';
export * from './shared/errors.js';
export * from './shared/countries.js';
export * from './shared/command.js';
export * from './identity/roles.js';
export * from './identity/actor.js';
