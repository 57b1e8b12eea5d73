import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { serviceSchedules, TimeFrameSchema, type ServiceSchedule } from '@onsite/domain';
import { z } from 'zod';
import { RUNTIME, type Runtime } from '../../runtime.js';

const requiredText = z.string().trim().min(1, 'This field is required.');

export const GenerateServiceSchedulesRequestSchema = z
  .object({
    timeframes: z.array(TimeFrameSchema).min(1, 'At least one time frame is required.').max(10),
    services: z.array(z.object({ serviceTypeId: requiredText, name: requiredText })).max(50),
    timeZone: requiredText,
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({
    id: 'GenerateServiceSchedules',
    description: 'Per service, the days of the preferred (first) time frame with their working times, local to timeZone. Weekends are proposed as days off.',
  });
export type GenerateServiceSchedulesRequest = z.infer<typeof GenerateServiceSchedulesRequestSchema>;

export class GenerateServiceSchedulesQuery {
  constructor(readonly request: GenerateServiceSchedulesRequest) {}
}

@QueryHandler(GenerateServiceSchedulesQuery)
export class GenerateServiceSchedulesHandler implements IQueryHandler<GenerateServiceSchedulesQuery, ServiceSchedule[]> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute({ request }: GenerateServiceSchedulesQuery): Promise<ServiceSchedule[]> {
    const { config, clock } = this.runtime;
    return serviceSchedules(request, { now: clock().toISOString(), maxJobWindowDays: config.maxJobWindowDays });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class GenerateServiceSchedulesController {
  constructor(private readonly queries: QueryBus) {}

  @Post('generate-service-types-dates')
  @HttpCode(200)
  @ApiOperation({ summary: 'Propose the working days of each service for the preferred time frame.' })
  generate(@Body({ schema: GenerateServiceSchedulesRequestSchema }) body: GenerateServiceSchedulesRequest): Promise<ServiceSchedule[]> {
    return this.queries.execute(new GenerateServiceSchedulesQuery(body));
  }
}
