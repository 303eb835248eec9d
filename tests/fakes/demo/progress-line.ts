/**
 * One line that updates in place on a terminal. Elsewhere (a CI log, a test reading the output) only every
 * quarter of the way is printed, so a log does not fill with hundreds of progress lines.
 */
export function progressLine(stream: NodeJS.WriteStream = process.stdout) {
  let lastQuarter = -1;
  let open = false;
  return {
    update(label: string, done: number, total: number) {
      const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
      const text = `${label}: ${done}/${total || '?'} (${percent}%)`;
      if (stream.isTTY) {
        stream.write(`\r\x1b[K${text}`);
        open = true;
        return;
      }
      const quarter = Math.floor(percent / 25);
      if (quarter === lastQuarter) return;
      lastQuarter = quarter;
      stream.write(`${text}\n`);
    },
    /** Ends the line, so what follows starts on a line of its own. */
    end(text?: string) {
      if (open) stream.write(`\r\x1b[K`);
      open = false;
      if (text) stream.write(`${text}\n`);
    },
  };
}
