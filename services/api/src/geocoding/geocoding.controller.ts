import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  GeocodeRequestSchema,
  GeocodeResultSchema,
  PlaceSuggestRequestSchema,
  ReverseGeocodeRequestSchema,
  type GeocodeRequest,
  type GeocodeResult,
  type PlaceSuggestRequest,
  type ReverseGeocodeRequest,
} from '@onsite/contracts';
import { RUNTIME, type Runtime } from '../runtime.js';
import { shippedGazetteer } from './gazetteer.js';
import { firstAnswering, gazetteerGeocoder, nominatimGeocoder, type Geocoder } from './geocoder.js';

@ApiTags('ordering')
@ApiBearerAuth()
@Controller()
export class GeocodingController {
  private readonly geocoder: Geocoder;

  constructor(@Inject(RUNTIME) runtime: Runtime) {
    const { geocoderUrl, geocoderTimeoutMs } = runtime.config;
    const gazetteer = gazetteerGeocoder(shippedGazetteer);
    this.geocoder = geocoderUrl ? firstAnswering(nominatimGeocoder(geocoderUrl, geocoderTimeoutMs), gazetteer) : gazetteer;
  }

  @Post('geocode')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Coordinates for a service location's address: from GEOCODER_URL when set and answering, else from the shipped gazetteer (city or post code level); `unavailable` when neither could answer.",
  })
  @ApiResponse({ status: 200, standardSchema: GeocodeResultSchema })
  geocode(@Body({ schema: GeocodeRequestSchema }) body: GeocodeRequest): Promise<GeocodeResult> {
    return this.geocoder.geocode(body);
  }

  @Post('geocode/suggest')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Places of a country whose name (or post code, where the data has them) starts with what the person typed, from the shipped gazetteer: the location step's autocomplete.",
  })
  @ApiResponse({ status: 200, standardSchema: GeocodeResultSchema })
  suggest(@Body({ schema: PlaceSuggestRequestSchema }) body: PlaceSuggestRequest): Promise<GeocodeResult> {
    return this.geocoder.suggest(body);
  }

  @Post('geocode/reverse')
  @HttpCode(200)
  @ApiOperation({ summary: 'The place nearest to a point (a dragged pin): from GEOCODER_URL when set and answering, else from the shipped gazetteer.' })
  @ApiResponse({ status: 200, standardSchema: GeocodeResultSchema })
  reverse(@Body({ schema: ReverseGeocodeRequestSchema }) body: ReverseGeocodeRequest): Promise<GeocodeResult> {
    return this.geocoder.reverse(body);
  }
}
