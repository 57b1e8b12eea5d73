import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { notFound } from '@onsite/domain';
import { MapViewQuerySchema, type MapViewQuery } from '@onsite/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { shippedGazetteer } from '../geocoding/gazetteer.js';
import { Public } from '../identity/auth.guard.js';
import { countryMap, placesWithin, worldMap, type MapFile } from './basemap.js';

/** A week: the data changes with a release of the product, and the tags tell a changed file at once. */
const CACHE = 'public, max-age=604800';

/**
 * The shipped basemap's data (D145), open like the console's own files: only the maps' code asks for it, so only a page
 * that shows a map downloads it.
 */
@ApiTags('maps')
@Controller('maps')
export class MapsController {
  @Public()
  @Get('world')
  @ApiOperation({ summary: "Every country's borders and coasts at 1:50m (Natural Earth), as TopoJSON: the basemap from the world to a region." })
  async world(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    send(request, reply, await worldMap());
  }

  @Public()
  @Get('countries/:id')
  @ApiOperation({ summary: 'One country at 1:10m (Natural Earth) as a GeoJSON feature, by its ISO 3166 numeric code: the basemap at closer zooms.' })
  async country(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const file = /^\d{1,3}$/.test(id) ? await countryMap(id) : undefined;
    if (!file) throw notFound();
    send(request, reply, file);
  }

  @Public()
  @Get('places')
  @ApiOperation({ summary: "The names of the largest places in a map's view (GeoNames), as [name, lat, lng] rows: the basemap's labels." })
  async places(@Query({ schema: MapViewQuerySchema }) view: MapViewQuery, @Res() reply: FastifyReply): Promise<void> {
    void reply
      .header('cache-control', CACHE)
      .type('application/json')
      .send(JSON.stringify(placesWithin(await shippedGazetteer(), view)));
  }
}

function send(request: FastifyRequest, reply: FastifyReply, file: MapFile): void {
  void reply.header('cache-control', CACHE).header('etag', file.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === file.etag) return void reply.code(304).send();
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip) void reply.header('content-encoding', 'gzip');
  void reply.type('application/json').send(gzip ? file.gzip : file.json);
}
