import { randomBytes } from 'node:crypto';
import { describeWithServerOrContainer } from '../test-support/containers.js';
import { documentStoreContract } from '../test-support/document-store-contract.js';
import { MongoDocumentStore } from './mongo-document-store.js';

describeWithServerOrContainer('MongoDB', 'MONGODB_URL', 'DocumentStore on MongoDB', (source) => {
  documentStoreContract(async () => {
    let url: string;
    let stopContainer = async (): Promise<void> => {};
    if (source.kind === 'url') url = source.url;
    else {
      const { MongoDBContainer } = await import('@testcontainers/mongodb');
      const container = await new MongoDBContainer('mongo:8').start(); // a one-node replica set: transactions work
      url = `${container.getConnectionString()}?directConnection=true`;
      stopContainer = async () => void (await container.stop());
    }
    const database = `onsite_test_${randomBytes(4).toString('hex')}`;
    const store = await MongoDocumentStore.open({ url, database });
    await store.init();
    return {
      store,
      close: async () => {
        await store.close();
        await stopContainer();
      },
    };
  });
});
