/** A small structured logger. Callers never pass passwords, codes or tokens to it. */
export type LogLevel = "debug" | "info" | "warn" | "error";
export interface Logger {
  /** The lowest level written; absent means every level may be (test doubles). */
  readonly level?: LogLevel;
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Whether `log` writes messages of level `at`: lets a hot path skip building a message no one reads. */
export function logs(log: Logger, at: LogLevel): boolean {
  return log.level === undefined || ORDER[at] >= ORDER[log.level];
}

export function createLogger(level: LogLevel = "info"): Logger {
  const write = (at: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${msg}${fields ? " " + JSON.stringify(fields) : ""}`;
    (at === "error" || at === "warn" ? console.error : console.log)(line);
  };
  return {
    level,
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
