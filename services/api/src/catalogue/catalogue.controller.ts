import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CatalogueSegment, CatalogueService } from '@onsite/domain';
import { readCatalogue } from '@onsite/projections';
import { RUNTIME, type Runtime } from '../runtime.js';

@ApiTags('catalogue')
@ApiBearerAuth()
@Controller('catalogue')
export class CatalogueController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @ApiOperation({ summary: 'The service portfolio: segments and services with their prices per currency (minor units).' })
  catalogue(): Promise<{ segments: CatalogueSegment[]; services: CatalogueService[] }> {
    return readCatalogue(this.runtime.documentStore);
  }
}
