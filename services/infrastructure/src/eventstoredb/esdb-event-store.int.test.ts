import { describeWithServerOrContainer } from '../test-support/containers.js';
import { eventStoreContract } from '../test-support/event-store-contract.js';
import { EsdbEventStore } from './esdb-event-store.js';

describeWithServerOrContainer('EventStoreDB', 'EVENTSTORE_URL', 'EventStore on EventStoreDB', (source) => {
  eventStoreContract(
    async () => {
      let url: string;
      let stopContainer = async (): Promise<void> => {};
      if (source.kind === 'url') url = source.url;
      else {
        const { GenericContainer, Wait } = await import('testcontainers');
        const container = await new GenericContainer('docker.kurrent.io/kurrent-latest/kurrentdb:latest')
          .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_MEM_DB: 'true' })
          .withExposedPorts(2113)
          .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
          .start();
        url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
        stopContainer = async () => void (await container.stop());
      }
      const store = new EsdbEventStore(url, { pollIntervalMs: 50 });
      await store.init();
      return {
        store,
        close: async () => {
          await store.close();
          await stopContainer();
        },
      };
    },
    { holdFraction: 0.3 },
  );
});
