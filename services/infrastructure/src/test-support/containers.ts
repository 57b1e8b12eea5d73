/**
 * Rule for the EventStoreDB and MongoDB suites: run against EVENTSTORE_URL / MONGODB_URL when set, else start a
 * container through testcontainers when a Docker engine is present, else skip with a message — also on CI=true,
 * because these servers cannot run on this project's CI machines (no Docker engine, no binaries).
 */
import { existsSync } from 'node:fs';

export function dockerAvailable(): boolean {
  if (process.env.DOCKER_HOST) return true;
  return existsSync('/var/run/docker.sock') || existsSync(`${process.env.HOME ?? ''}/.docker/run/docker.sock`);
}

export type ServerSource = { readonly kind: 'url'; readonly url: string } | { readonly kind: 'container' };

export function describeWithServerOrContainer(service: string, urlVariable: string, name: string, fn: (source: ServerSource) => void): void {
  const url = process.env[urlVariable];
  if (url) return describe(name, () => fn({ kind: 'url', url }));
  if (dockerAvailable()) return describe(name, () => fn({ kind: 'container' }));
  process.stderr.write(
    `\n[skipped] "${name}": ${urlVariable} is not set and no Docker engine was found for testcontainers. ` +
      `${service} cannot run on this machine or on CI here (no Docker engine, no binaries), so this suite is skipped even with CI=true; ` +
      `set ${urlVariable} to a server to run it.\n`,
  );
  describe.skip(name, () => fn({ kind: 'container' }));
}
