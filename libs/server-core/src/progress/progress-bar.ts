export type Progress = { update(done: number): void; finish(): void };

const WIDTH = 30;

/**
 * A progress bar for long work (seeding, imports, transcoding). On a terminal it redraws one line;
 * in logs (no TTY) it prints a line per 10 % so CI output stays short.
 */
export const progressBar = (
  label: string,
  total: number,
  out: NodeJS.WriteStream = process.stderr,
): Progress => {
  let lastDecile = -1;
  const draw = (done: number) => {
    const ratio = total === 0 ? 1 : Math.min(done / total, 1);
    const filled = Math.round(ratio * WIDTH);
    const pct = Math.floor(ratio * 100);
    const text = `${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(pct).padStart(3)}% ${done}/${total}`;
    if (out.isTTY) out.write(`\r${text}`);
    else if (Math.floor(pct / 10) !== lastDecile) {
      lastDecile = Math.floor(pct / 10);
      out.write(`${text}\n`);
    }
  };
  return {
    update: draw,
    finish() {
      draw(total);
      if (out.isTTY) out.write('\n');
    },
  };
};
