import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  DescribeMissingServiceSchema,
  effectiveUserId,
  forbidden,
  isStaff,
  missingServiceDecider,
  missingServiceStreamId,
  type CatalogueSegment,
  type CatalogueService,
  type DescribeMissingService,
  type RequestPerson,
} from '@onsite/domain';
import { MissingServiceRequestSchema, CatalogueSchema, type MissingServiceRequest } from '@onsite/contracts';
import { getUser, listMissingServices, readCatalogue } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const DescribeMissingServiceRequestSchema = DescribeMissingServiceSchema.extend({ onBehalfOfUserId: z.string().optional() }).meta({
  id: 'DescribeMissingServiceRequest',
});

@ApiTags('catalogue')
@ApiBearerAuth()
@Controller('catalogue')
export class CatalogueController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  @ApiResponse({ status: 200, standardSchema: CatalogueSchema })
  @Get()
  @ApiOperation({
    summary:
      "The service portfolio: segments and published services with their prices per currency (minor units); an end customer (or staff acting for one) sees only the services offered in the customer's country.",
  })
  catalogue(@Auth() auth: AuthContext): Promise<{ segments: CatalogueSegment[]; services: CatalogueService[] }> {
    // An end customer orders where it is; staff and OEM users (who order for customers in many countries) see every
    // published service, and an order in a country the service is not offered in is refused (service_not_offered).
    const customer = auth.actor.onBehalfOf ?? (isStaff(auth.actor) ? undefined : auth.actor);
    const customerCountry = customer?.type === 'EC' ? customer.country : undefined;
    return readCatalogue(this.runtime.documentStore, customerCountry ? { country: customerCountry } : {});
  }

  @Post('describeMissingService')
  @HttpCode(200)
  @ApiOperation({ summary: 'A customer (or staff acting for one) describes a service the portfolio lacks; staff see it on their personal page.' })
  async describeMissingService(
    @Auth() auth: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: DescribeMissingServiceRequestSchema }) body: DescribeMissingService & { onBehalfOfUserId?: string },
  ): Promise<{ _id: string }> {
    const { onBehalfOfUserId: _acting, ...request } = body;
    const actor = auth.actor;
    const person = async (userId: string): Promise<RequestPerson> => {
      const user = await getUser(this.runtime.documentStore, userId);
      return user
        ? { userId, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, companyId: user.company._id, companyName: user.company.name }
        : { userId, name: userId };
    };
    const requestId = randomUUID();
    await this.runner.run(missingServiceDecider, {
      streamId: missingServiceStreamId(requestId),
      actor,
      correlationId,
      expectedVersion: 0,
      command: {
        type: 'DescribeMissingService',
        data: {
          ...request,
          requestId,
          requestedBy: await person(effectiveUserId(actor)),
          ...(actor.onBehalfOf ? { onBehalfOf: await person(actor.userId) } : {}),
        },
      },
    });
    return { _id: requestId };
  }

  @Get('missing-services')
  @ApiOperation({ summary: "Staff: the newest missing-service requests (within the staff member's countries)." })
  @ApiResponse({ status: 200, standardSchema: z.array(MissingServiceRequestSchema) })
  missingServices(@Auth() auth: AuthContext): Promise<MissingServiceRequest[]> {
    if (!isStaff(auth.actor) || auth.actor.onBehalfOf) throw forbidden();
    return listMissingServices(this.runtime.documentStore, auth.actor.countriesFilter ?? []);
  }
}
