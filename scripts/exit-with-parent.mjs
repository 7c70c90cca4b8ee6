// Preloaded into the children of scripts/start.mjs, which run in their own process group (so a Ctrl-C reaches
// them once, through start.mjs): if start.mjs dies without stopping them, they stop themselves.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();
