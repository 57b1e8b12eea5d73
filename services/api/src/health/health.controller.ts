import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Liveness, with the active profile and adapters.' })
  health(): { status: 'ok'; profile: string; adapters: { eventStore: string; documentStore: string; jobs: string }; version: string } {
    return {
      status: 'ok',
      profile: this.runtime.config.profile,
      adapters: { eventStore: this.runtime.eventStore.name, documentStore: this.runtime.documentStore.name, jobs: this.runtime.jobs },
      version: '2.27.315',
    };
  }
}
