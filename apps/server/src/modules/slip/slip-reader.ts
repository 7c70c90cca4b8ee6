import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '@/lib/app-error.ts';
import type { SlipReadResult, SlipReadTask } from '@/modules/slip/slip-read-task.ts';

export type SlipReader = {
  /** Throws SERVICE_UNAVAILABLE when the queue is full (the member may try again); otherwise never throws. */
  read(task: SlipReadTask): Promise<SlipReadResult>;
  close(): Promise<void>;
};

export type SlipReaderOptions = {
  /** Worker threads (default: one less than the cores, 1 to 2), so the main thread keeps a core for other calls. */
  threads?: number;
  /** Images waiting for a worker at most; more are refused rather than queued without end. */
  maxQueue?: number;
  /** A read taking longer is abandoned (its worker is ended) and the image counts as undecodable. */
  timeoutMs?: number;
};

const TASK_FILE = new URL('./slip-read-task.ts', import.meta.url).href;
// Workers load TypeScript through tsx's loader, as the server itself does (npm start runs tsx).
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * A small pool of worker threads reading slip images (decode, then find the mini-QR), so a large or slow image
 * never stalls the event loop that answers every other member. The pool starts on first use.
 */
export function createSlipReader(
  log: { error(o: object, msg: string): void },
  options: SlipReaderOptions = {},
): SlipReader {
  const threads = options.threads ?? Math.min(2, Math.max(1, availableParallelism() - 1));
  const maxQueue = options.maxQueue ?? 16;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let pool: Piscina<SlipReadTask, SlipReadResult> | null = null;

  return {
    async read(task) {
      pool ??= new Piscina({
        filename: TASK_FILE,
        execArgv: ['--import', TSX_LOADER],
        minThreads: threads,
        maxThreads: threads,
        maxQueue,
        idleTimeout: 60_000,
        // Below the main thread's priority: under load the OS gives the core to the calls of other members first.
        niceIncrement: 10,
      });
      if (pool.queueSize >= maxQueue) throw new AppError('SERVICE_UNAVAILABLE');
      try {
        return await pool.run(task, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        log.error({ err: error }, 'slip image not read');
        return { kind: 'undecodable' };
      }
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
