import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { GeocodeRequestSchema, GeocodeResultSchema, type GeocodeRequest, type GeocodeResult } from '@onsite/domain';
import { RUNTIME, type Runtime } from '../runtime.js';
import { nominatimGeocoder, noGeocoder, type Geocoder } from './geocoder.js';

@ApiTags('ordering')
@ApiBearerAuth()
@Controller()
export class GeocodingController {
  private readonly geocoder: Geocoder;

  constructor(@Inject(RUNTIME) runtime: Runtime) {
    const { geocoderUrl, geocoderTimeoutMs } = runtime.config;
    this.geocoder = geocoderUrl ? nominatimGeocoder(geocoderUrl, geocoderTimeoutMs) : noGeocoder;
  }

  @Post('geocode')
  @HttpCode(200)
  @ApiOperation({ summary: "Coordinates for a service location's address; `unavailable` when no geocoder is configured or it did not answer in time." })
  @ApiResponse({ status: 200, standardSchema: GeocodeResultSchema })
  geocode(@Body({ schema: GeocodeRequestSchema }) body: GeocodeRequest): Promise<GeocodeResult> {
    return this.geocoder.geocode(body);
  }
}
