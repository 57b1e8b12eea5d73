import { Body, type CanActivate, Controller, type ExecutionContext, Get, HttpCode, Injectable, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SetupAnswerSchema, SetupRequestSchema, type SetupAnswer, type SetupRequest } from '@onsite/domain';
import { z } from 'zod';
import { CorrelationId } from '../common/correlation-id.js';
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

@ApiTags('setup')
@Controller('setup')
export class SetupController {
  constructor(private readonly setup: SetupService) {}

  @Public()
  @RateLimit('setup')
  @UseGuards(SetupOpenGuard)
  @Get()
  @ApiOperation({ summary: 'First-run setup: 200 while the token (?token=) from the server log is good, else 404.' })
  @ApiResponse({ status: 200, standardSchema: z.object({ pending: z.literal(true) }) })
  status(): { pending: true } {
    return { pending: true };
  }

  @Public()
  @RateLimit('setup')
  @UseGuards(SetupOpenGuard)
  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'First-run setup: creates the provider company and its first administrator, who is sent the invitation to set a password. 404 once done.',
  })
  @ApiResponse({ status: 200, standardSchema: SetupAnswerSchema })
  create(@Body({ schema: SetupRequestSchema }) body: SetupRequest, @CorrelationId() correlationId: string): Promise<SetupAnswer> {
    const { token: _token, ...setup } = body;
    return this.setup.complete(setup, correlationId);
  }
}
