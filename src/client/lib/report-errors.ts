import { trpcClient } from "./trpc.ts";

let sent = 0;

/** The global error handler: uncaught errors go to the server's client log (a few per page). */
export function reportClientErrors(): void {
  const send = (message: string, stack: string) => {
    if (sent++ >= 10) return;
    trpcClient.account.logClientError
      .mutate({ message: message || "Unknown error", stack, url: location.pathname, level: "error" })
      .catch(() => undefined);
  };
  window.addEventListener("error", (e) => send(String(e.message), e.error instanceof Error ? (e.error.stack ?? "") : ""));
  window.addEventListener("unhandledrejection", (e) => {
    const reason: unknown = e.reason;
    send(reason instanceof Error ? reason.message : String(reason), reason instanceof Error ? (reason.stack ?? "") : "");
  });
}
