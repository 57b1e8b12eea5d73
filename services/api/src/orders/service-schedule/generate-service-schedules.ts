import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { serviceSchedules, type ServiceSchedule } from '@onsite/domain';
import { GenerateServiceSchedulesRequestSchema, type GenerateServiceSchedulesRequest } from '@onsite/contracts';
import { ApiTokenScopeOf } from '../../api-tokens/api-token-auth.js';
import { RUNTIME, type Runtime } from '../../runtime.js';

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class GenerateServiceSchedulesController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Post('generate-service-types-dates')
  @HttpCode(200)
  // A customer's systems prepare a schedule before they send an order (D216).
  @ApiTokenScopeOf('orders:write')
  @ApiOperation({ summary: 'Propose the working days of each service for the preferred time frame.' })
  generate(@Body({ schema: GenerateServiceSchedulesRequestSchema }) body: GenerateServiceSchedulesRequest): ServiceSchedule[] {
    return serviceSchedules(body, { now: this.runtime.clock().toISOString(), maxJobWindowDays: this.runtime.config.maxJobWindowDays });
  }
}
