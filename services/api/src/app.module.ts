import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ApiTokensController } from './api-tokens/api-tokens.controller.js';
import { WebhooksController } from './webhooks/webhooks.controller.js';
import { AuditController } from './audit/audit.controller.js';
import { CatalogueController } from './catalogue/catalogue.controller.js';
import { CatalogueManagementController } from './catalogue/catalogue-management.controller.js';
import { CouponsController } from './catalogue/coupons.controller.js';
import { CmsController } from './cms/cms.controller.js';
import { BannerController } from './cms/banner.controller.js';
import { FaqsController } from './cms/faqs.controller.js';
import { ManualsController } from './cms/manuals.controller.js';
import { LegalDocumentsController } from './legal/legal-documents.controller.js';
import { HelpController } from './cms/help.controller.js';
import { SupportContactsController } from './cms/support-contacts.controller.js';
import { GeocodingController } from './geocoding/geocoding.controller.js';
import { ErrorFilter } from './common/error.filter.js';
import { createValidationPipe } from './common/validation.js';
import { FILE_CONTROLLERS, FILE_PROVIDERS } from './files/index.js';
import { DashboardsController } from './dashboards/dashboards.js';
import { UpdatesController } from './updates/updates.controller.js';
import { UpdatesHub } from './updates/updates-hub.js';
import { PlanningToolController } from './planning-tool/planning-tool.controller.js';
import { HealthController } from './health/health.controller.js';
import { MapsController } from './maps/maps.controller.js';
import { PartnerOffersController } from './partners/partner-offers.controller.js';
import { AuthGuard } from './identity/auth.guard.js';
import { RateLimitGuard } from './http/rate-limits.js';
import { AntiRobotChallenges, AntiRobotInterceptor } from './registration/anti-robot.js';
import { IDENTITY_CONTROLLERS, identityProviders } from './identity/index.js';
import { SessionController } from './identity/session.controller.js';
import { SessionService } from './identity/sessions.js';
import { ORDER_CONTROLLERS, ORDER_PROVIDERS } from './orders/index.js';
import { CommandRunner } from './common/command-runner.js';
import { RunAggregateCommandHandler } from './common/command-routes.js';
import { USE_CASE_CONTROLLERS } from './use-cases.js';
import { RUNTIME, type Runtime } from './runtime.js';

@Module({})
export class AppModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers: [
        HealthController,
        SessionController,
        ...IDENTITY_CONTROLLERS,
        CatalogueController,
        CouponsController,
        CatalogueManagementController,
        CmsController,
        HelpController,
        FaqsController,
        ManualsController,
        LegalDocumentsController,
        BannerController,
        SupportContactsController,
        GeocodingController,
        MapsController,
        ...ORDER_CONTROLLERS,
        ...FILE_CONTROLLERS,
        PlanningToolController,
        UpdatesController,
        AuditController,
        DashboardsController,
        PartnerOffersController,
        ApiTokensController,
        WebhooksController,
        ...USE_CASE_CONTROLLERS,
      ],
      providers: [
        { provide: RUNTIME, useValue: runtime },
        {
          provide: SessionService,
          useFactory: () =>
            new SessionService(runtime.documentStore, { idleMs: runtime.config.sessionIdleMs, maxMs: runtime.config.sessionMaxMs }, runtime.clock),
        },
        CommandRunner,
        RunAggregateCommandHandler,
        UpdatesHub,
        ...identityProviders(runtime),
        ...FILE_PROVIDERS,
        ...ORDER_PROVIDERS,
        { provide: APP_GUARD, useClass: AuthGuard },
        // After AuthGuard: the limits of a route may count per signed-in user.
        { provide: APP_GUARD, useClass: RateLimitGuard },
        AntiRobotChallenges,
        { provide: APP_INTERCEPTOR, useClass: AntiRobotInterceptor },
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
