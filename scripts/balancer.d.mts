import type { Server } from 'node:http';

export type BalancerTargetStatus = { url: string; isHealthy: boolean; served: number };

export type Balancer = {
  server: Server;
  status(): BalancerTargetStatus[];
  checkNow(): Promise<unknown>;
  /** Answers the port it listens on (0 picks a free one). */
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
};

export declare function createBalancer(options: {
  targets: string[];
  healthPath?: string;
  healthIntervalMs?: number;
  onEvent?: (text: string) => void;
}): Balancer;
