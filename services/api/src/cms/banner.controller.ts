import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { forbidden, isStaff } from '@onsite/domain';
import { ManagedBannerSchema, type ManagedBanner } from '@onsite/contracts';
import type { DocumentStore } from '@onsite/infrastructure';
import { readBanner, readBannerHistory, userNames } from '@onsite/projections';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/**
 * The home page's banner in the back office (D205): every staff member reads it in every language with who changed it
 * last; staff administrators set or clear it (help-content-use-cases.ts). Visitors read it through `cms/getBanner`.
 */
@ApiTags('cms')
@ApiBearerAuth()
@Controller('help-content/banner')
export class BannerController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @ApiOperation({ summary: "Staff: the home page's banner in every language (null when there is none), and who changed it last." })
  @ApiResponse({ status: 200, standardSchema: ManagedBannerSchema })
  async get(@Auth() auth: AuthContext): Promise<ManagedBanner> {
    if (!isStaff(auth.actor) || auth.actor.onBehalfOf) throw forbidden();
    return managedBanner(this.runtime.documentStore);
  }
}

/** The banner in every language, who changed it last, and every change. */
export async function managedBanner(store: DocumentStore): Promise<ManagedBanner> {
  const [banner, history] = await Promise.all([readBanner(store), readBannerHistory(store)]);
  const names = await userNames(
    store,
    history.map((c) => c.actorUserId),
  );
  const changes = history.map((c) => ({ at: c.at, by: names.get(c.actorUserId) ?? null, type: c.type }));
  return { banner: banner ?? null, changed: changes[0] ? { at: changes[0].at, by: changes[0].by } : null, history: changes };
}
