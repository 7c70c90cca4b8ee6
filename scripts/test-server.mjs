// The server suite in three shards, each one test process running its files one after another (--no-isolate,
// docs/testing.md). One process for all ~140 files grew past the machine's memory (each test app's embedded database
// is freed only when the process's garbage collector gets to it), so each shard starts a fresh process.
import { spawnSync } from 'node:child_process';

const SHARDS = 3;
for (let shard = 1; shard <= SHARDS; shard += 1) {
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'server',
      '--no-isolate',
      `--shard=${shard}/${SHARDS}`,
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
