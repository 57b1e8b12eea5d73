import { SetupPendingSchema } from '@onsite/contracts';
import { type CanActivate, Controller, type ExecutionContext, Get, Injectable, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AppRequest } from '../common/request-context.js';
import { RateLimit } from '../http/rate-limits.js';
import { Public } from '../identity/auth.guard.js';
import { SetupService } from './setup.service.js';

/**
 * 404 before anything else (the body's validation too) unless setup is pending and the request carries a token a
 * server printed: once the provider exists the route answers as if it had never been there.
 */
@Injectable()
export class SetupOpenGuard implements CanActivate {
  constructor(private readonly setup: SetupService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AppRequest & { query?: Record<string, unknown> }>();
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    await this.setup.assertOpen(body.token ?? request.query?.token);
    return true;
  }
}

/** Whether the setup is open; the setup itself is a use case (setup-use-cases.ts). */
@ApiTags('setup')
@Controller('setup')
export class SetupController {
  constructor(private readonly setup: SetupService) {}

  @Public()
  @RateLimit('setup')
  @UseGuards(SetupOpenGuard)
  @Get()
  @ApiOperation({ summary: 'First-run setup: 200 while the token (?token=) from the server log is good, else 404.' })
  @ApiResponse({ status: 200, standardSchema: SetupPendingSchema })
  status(): { pending: true } {
    return { pending: true };
  }
}
