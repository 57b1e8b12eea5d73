import { CATALOGUE_SEGMENTS_STREAM, foldStream, segmentsDecider, type SegmentsState } from '@onsite/domain';
import type { Runtime } from '../runtime.js';

/** The segments as their stream holds them now: what a service's segment references are checked against (D208). */
export async function readSegmentsState(runtime: Runtime): Promise<SegmentsState> {
  return foldStream(segmentsDecider, await runtime.eventStore.readStream(CATALOGUE_SEGMENTS_STREAM));
}
