// Loaded into Polyblok's process by the demo (node --import). Polyblok runs in a process group of its own so
// that a terminal's Ctrl+C reaches only the demo, which then stops it with a single SIGTERM (a second signal
// makes Polyblok exit at once, without closing its database). The price is that Polyblok would outlive a demo
// killed outright; the demo holds Polyblok's stdin open, so its end means the demo is gone: stop cleanly then.
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
// With the demo gone, its output pipes are too: a write to them must not crash the shutdown half-way.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
