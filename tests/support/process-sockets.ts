import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Whether a process holds an open TCP connection to a local port (Linux /proc): a worker talking to the local
 * Storyblok is one working a sync. Answers false where /proc cannot be read.
 */
export function hasConnectionTo(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = readOrNull(() => readFileSync(table, 'utf8'));
    if (text === null) continue;
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const remote = fields[2];
      // State 01 is ESTABLISHED; field 9 is the socket's inode.
      if (remote && fields[3] === '01' && parseInt(remote.split(':')[1] ?? '', 16) === port) inodes.add(fields[9]!);
    }
  }
  const fds = readOrNull(() => readdirSync(`/proc/${pid}/fd`)) ?? [];
  return fds.some((fd) => {
    // A descriptor closed since the listing reads as nothing.
    const match = /^socket:\[(\d+)\]$/.exec(readOrNull(() => readlinkSync(`/proc/${pid}/fd/${fd}`)) ?? '');
    return match !== null && inodes.has(match[1]!);
  });
}

function readOrNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}
