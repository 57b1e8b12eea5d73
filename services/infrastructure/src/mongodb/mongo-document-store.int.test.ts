import { randomBytes } from 'node:crypto';
import { describeWithServerOrContainer, type ServerSource } from '../test-support/containers.js';
import { documentStoreContract } from '../test-support/document-store-contract.js';
import { leaseStoreContract } from '../test-support/lease-store-contract.js';
import { MongoDocumentStore } from './mongo-document-store.js';

async function openMongo(source: ServerSource, databases = 1): Promise<{ stores: MongoDocumentStore[]; close: () => Promise<void> }> {
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
  const stores: MongoDocumentStore[] = [];
  for (let i = 0; i < databases; i++) {
    const store = await MongoDocumentStore.open({ url, database });
    await store.init();
    stores.push(store);
  }
  return {
    stores,
    close: async () => {
      for (const store of stores) await store.close();
      await stopContainer();
    },
  };
}

describeWithServerOrContainer('MongoDB', 'MONGODB_URL', 'leases on MongoDB', (source) => {
  leaseStoreContract(async () => {
    const { stores, close } = await openMongo(source, 2);
    return { a: stores[0]!, b: stores[1]!, close };
  });
});

describeWithServerOrContainer('MongoDB', 'MONGODB_URL', 'DocumentStore on MongoDB', (source) => {
  documentStoreContract(async () => {
    const { stores, close } = await openMongo(source);
    return { store: stores[0]!, close };
  });
});
