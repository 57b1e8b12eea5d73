import { CATALOGUE_SEGMENTS_STREAM, segmentsDecider, type SegmentEvent, type SegmentsState } from '@onsite/domain';
import type { Runtime } from '../runtime.js';

/** The segments as their stream holds them now: what a service's segment references are checked against (D208). */
export async function readSegmentsState(runtime: Runtime): Promise<SegmentsState> {
  const events = await runtime.eventStore.readStream(CATALOGUE_SEGMENTS_STREAM);
  return events.reduce<SegmentsState>(
    (state, recorded) => segmentsDecider.evolve(state, { type: recorded.type, data: recorded.data } as SegmentEvent),
    segmentsDecider.initialState,
  );
}
