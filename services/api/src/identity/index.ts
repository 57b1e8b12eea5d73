import type { Provider } from '@nestjs/common';
import { ApiTokenAuth } from '../api-tokens/api-token-auth.js';
import { AgreementsController } from '../agreements/agreements.controller.js';
import { CompaniesController } from '../companies/companies.controller.js';
import { createNotifier } from '../notifications/create-notifier.js';
import { LinkMessenger } from '../notifications/link-messenger.js';
import { NOTIFIER } from '../notifications/notifier.js';
import { OutboxController } from '../notifications/outbox.controller.js';
import { OutboxSender } from '../notifications/outbox.js';
import { IdempotencyKeys } from '../orders/idempotency.js';
import { RateLimiter } from '../http/rate-limits.js';
import { FileUploads } from '../files/uploads.js';
import { AntiRobotChallenges } from '../registration/anti-robot.js';
import { RegistrationController } from '../registration/registration.controller.js';
import type { Runtime } from '../runtime.js';
import { SetupController, SetupOpenGuard } from '../setup/setup.controller.js';
import { SetupService } from '../setup/setup.service.js';
import { UsersController } from '../users/users.controller.js';
import { ForceLoginController } from './force-login.controller.js';
import { PasswordController } from './password.controller.js';
import { LoginThrottle } from './throttle.js';
import { TokenService } from './tokens.js';

/** Identity, users, companies, agreements and notifications: the controllers and providers AppModule registers. */
export const IDENTITY_CONTROLLERS = [
  PasswordController,
  ForceLoginController,
  RegistrationController,
  UsersController,
  CompaniesController,
  AgreementsController,
  OutboxController,
  SetupController,
];

export function identityProviders(runtime: Runtime): Provider[] {
  return [
    LinkMessenger,
    SetupService,
    SetupOpenGuard,
    { provide: TokenService, useFactory: () => new TokenService(runtime.documentStore, runtime.clock) },
    { provide: LoginThrottle, useFactory: () => new LoginThrottle(runtime.documentStore, runtime.clock) },
    { provide: OutboxSender, useFactory: () => new OutboxSender(runtime.documentStore, runtime.clock) },
    { provide: NOTIFIER, useFactory: (outbox: OutboxSender) => createNotifier(runtime.config, outbox), inject: [OutboxSender] },
  ];
}

/** Creates the identity collections that are application state, not read models (rebuilds leave them alone). */
export async function ensureIdentityStores(runtime: Pick<Runtime, 'documentStore' | 'clock'>): Promise<void> {
  await new TokenService(runtime.documentStore, runtime.clock).ensure();
  await new LoginThrottle(runtime.documentStore, runtime.clock).ensure();
  await new OutboxSender(runtime.documentStore, runtime.clock).ensure();
  await new IdempotencyKeys(runtime.documentStore).ensure();
  await new RateLimiter(runtime.documentStore, runtime.clock).ensure();
  await AntiRobotChallenges.ensure(runtime);
  await FileUploads.ensure(runtime.documentStore);
  await SetupService.ensure(runtime);
  await ApiTokenAuth.ensure(runtime.documentStore);
}
