// The local host's publish adapter: the handlers run in the host's process, so an event is handed
// to the real-time server that host registered, as the event's mutation result (what AppSync's
// NONE data source returns). Nothing registered (unit tests): publishing fails loudly.

import { SERVER_EVENTS, type ServerEvent } from '../domain/events';
import type { Publisher } from './publisher';

/** Delivers a mutation field's result to the subscriptions that listen to it. */
export type MutationResultSink = (mutationField: string, result: unknown) => Promise<void>;

let sink: MutationResultSink | undefined;

/** Called by the local host once its real-time server runs; returns the unregistering function. */
export function registerLocalEventSink(next: MutationResultSink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = undefined;
  };
}

export function localPublisher(): Publisher {
  return {
    async publish(event: ServerEvent) {
      if (!sink) throw new Error('No local real-time server is registered to publish to');
      // Through JSON, as the AWSJSON argument of the mutation would be.
      await sink(SERVER_EVENTS[event.name].mutation, JSON.parse(JSON.stringify(event.data)));
    },
  };
}
