import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { BANNER_STREAM, bannerDecider, forbidden, isStaff, SetBannerSchema, type Actor, type BannerCommand } from '@onsite/domain';
import { readBanner, readBannerHistory, userNames } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const localized = z.object({ en: z.string(), de: z.string().optional(), pt: z.string().optional() });
export const ManagedBannerSchema = z
  .object({
    banner: z.object({ title: localized, text: localized }).nullable(),
    changed: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
    /** Every change, newest first: who set or cleared the banner, and when. */
    history: z.array(z.object({ at: z.string(), by: z.string().nullable(), type: z.enum(['BANNER_SET', 'BANNER_CLEARED']) })),
  })
  .meta({ id: 'ManagedBanner' });
type ManagedBanner = z.infer<typeof ManagedBannerSchema>;

/**
 * The home page's banner in the back office (D205): every staff member reads it in every language with who changed it
 * last; staff administrators set or clear it. Visitors read it through `cms/getBanner`.
 */
@ApiTags('cms')
@ApiBearerAuth()
@Controller('help-content/banner')
export class BannerController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  @Get()
  @ApiOperation({ summary: "Staff: the home page's banner in every language (null when there is none), and who changed it last." })
  @ApiResponse({ status: 200, standardSchema: ManagedBannerSchema })
  async get(@Auth() auth: AuthContext): Promise<ManagedBanner> {
    if (!isStaff(auth.actor) || auth.actor.onBehalfOf) throw forbidden();
    return this.view();
  }

  @Post('set')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff administrators: the home page's banner (English required)." })
  @ApiResponse({ status: 200, standardSchema: ManagedBannerSchema })
  set(
    @Auth() auth: AuthContext,
    @Body({ schema: SetBannerSchema }) body: z.infer<typeof SetBannerSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<ManagedBanner> {
    return this.run(auth.actor, { type: 'SetBanner', banner: body }, correlationId);
  }

  @Post('clear')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators: no banner on the home page.' })
  @ApiResponse({ status: 200, standardSchema: ManagedBannerSchema })
  clear(@Auth() auth: AuthContext, @CorrelationId() correlationId: string): Promise<ManagedBanner> {
    return this.run(auth.actor, { type: 'ClearBanner' }, correlationId);
  }

  private async run(actor: Actor, command: BannerCommand, correlationId: string): Promise<ManagedBanner> {
    await this.runner.run(bannerDecider, { streamId: BANNER_STREAM, actor, correlationId, command });
    return this.view();
  }

  private async view(): Promise<ManagedBanner> {
    const store = this.runtime.documentStore;
    const [banner, history] = await Promise.all([readBanner(store), readBannerHistory(store)]);
    const names = await userNames(
      store,
      history.map((c) => c.actorUserId),
    );
    const changes = history.map((c) => ({ at: c.at, by: names.get(c.actorUserId) ?? null, type: c.type }));
    return { banner: banner ?? null, changed: changes[0] ? { at: changes[0].at, by: changes[0].by } : null, history: changes };
  }
}
