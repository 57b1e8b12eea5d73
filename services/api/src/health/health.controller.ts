import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { HealthSchema, type Health } from '@onsite/contracts';
import { Public } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Liveness, with the active profile and adapters.' })
  @ApiResponse({ status: 200, standardSchema: HealthSchema })
  health(): Health {
    return {
      status: 'ok',
      profile: this.runtime.config.profile,
      devOutbox: this.runtime.config.devOutbox,
      adapters: { eventStore: this.runtime.eventStore.name, documentStore: this.runtime.documentStore.name, jobs: this.runtime.jobs },
      version: '2.27.315',
      maps: {
        tileUrl: this.runtime.config.mapTileUrl ?? null,
        attribution: this.runtime.config.mapAttribution ?? null,
        geocoder: Boolean(this.runtime.config.geocoderUrl),
      },
    };
  }
}
