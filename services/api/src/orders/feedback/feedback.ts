import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type FeedbackEntry } from '@onsite/domain';
import { ListFeedbackRequestSchema, type ListFeedbackRequest } from '@onsite/contracts';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { visibleOrder } from '../order-detail.js';

@ApiTags('feedback')
@ApiBearerAuth()
@Controller('feedback')
export class FeedbackController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: 'The feedback given on an order.' })
  async list(@Auth() auth: AuthContext, @Body({ schema: ListFeedbackRequestSchema }) body: ListFeedbackRequest): Promise<readonly FeedbackEntry[]> {
    return (await visibleOrder(this.runtime.documentStore, auth.actor, { refId: body.refId })).feedback;
  }
}
