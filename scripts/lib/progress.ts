/**
 * Progress of a long script on stderr: on a terminal one line redrawn in place with a bar; in a
 * log (not a terminal) a plain line when the phase changes and at every tenth of the total.
 */

export const formatCount = (n: number) => n.toLocaleString("en-US");

const BAR_WIDTH = 24;

/** `[#########---------------]  37%` */
function bar(done: number, total: number): string {
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(share * BAR_WIDTH);
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%`;
}

export type Progress = (phase: string, done: number, total: number) => void;

export function progressLine(started = performance.now(), stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = stream.isTTY === true;
  let lastPhase = "";
  let lastTenth = -1;
  return (phase, done, total) => {
    const seconds = Math.round((performance.now() - started) / 1000);
    const counts = `${formatCount(done)}/${formatCount(total)} ${seconds}s`;
    if (tty) {
      stream.write(`\r${`${bar(done, total)} ${phase} ${counts}`.padEnd(90)}${done === total ? "\n" : ""}`);
      return;
    }
    const tenth = total === 0 ? 10 : Math.floor((10 * done) / total);
    if (phase !== lastPhase || tenth !== lastTenth) stream.write(`${phase} ${counts}\n`);
    lastPhase = phase;
    lastTenth = tenth;
  };
}
