import "./mantine-styles.ts";
// The login page in the entry chunk (decision 038): most first visits open it, and as a lazy route's
// chunk its parts were spread over a score of small chunks shared with other screens, which every
// new screen split further (each chunk costs its own gzip overhead and another request). Its route
// stays lazy; the chunk left is a few bytes.
import "./features/auth/LoginPage.tsx";
import "./shell/login-shell.css";
import "./theme.css";
import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { setNonce } from "get-nonce";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { reportClientErrors } from "./lib/report-errors.ts";
import { queryClient } from "./lib/trpc.ts";
import { routeTree } from "./routeTree.gen.ts";
import { theme } from "./theme.ts";

// The server writes this page's CSP nonce into a meta tag; every style tag Mantine (and the scroll
// lock of its modals, through get-nonce) injects must carry it.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.content ?? "";
setNonce(nonce);

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

reportClientErrors();

// The first render is a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task that blocks input (Lighthouse's TBT). On the
// login page the static shell of index.html is on screen meanwhile (lib/login-shell.ts).
const root = createRoot(document.getElementById("root")!);
startTransition(() => {
  root.render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={localStorageColorSchemeManager({ key: "sideline-color-scheme" })}
        getStyleNonce={() => nonce}
      >
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
});
