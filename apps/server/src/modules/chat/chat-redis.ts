import { Redis } from 'ioredis';

type Command = (...args: unknown[]) => Promise<unknown>;

/**
 * The Redis clients of the Socket.IO adapter. The adapter leaves some promises without a handler (PUBLISH of its
 * request messages, SUBSCRIBE of its duplicated client): with Redis down they would reject unhandled and end the
 * process. They fail as before (an emit is best effort; clients re-read history after a reconnect), handled here; every
 * client, the duplicated ones too, is ended on close.
 */
export function createAdapterRedis(url: string) {
  const clients: Redis[] = [];

  function track(client: Redis): Redis {
    client.on('error', () => undefined);
    clients.push(client);
    const commands = client as unknown as Record<'publish' | 'subscribe', Command>;
    for (const name of ['publish', 'subscribe'] as const) {
      const send = commands[name].bind(client);
      commands[name] = (...args: unknown[]) => {
        const sent = send(...args);
        sent.catch(() => undefined);
        return sent;
      };
    }
    const duplicate = client.duplicate.bind(client);
    client.duplicate = ((override?: Parameters<Redis['duplicate']>[0]) =>
      track(duplicate(override))) as Redis['duplicate'];
    return client;
  }

  return {
    client: track(new Redis(url, { maxRetriesPerRequest: 2 })),
    close() {
      for (const client of clients) client.disconnect();
    },
  };
}
