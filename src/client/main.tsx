import "./mantine-styles.ts";
import "./shell/login-shell.css";
import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { setNonce } from "get-nonce";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { reportClientErrors } from "./lib/report-errors.ts";
import { queryClient } from "./lib/trpc.ts";
import { routeTree } from "./routeTree.gen.ts";
import { removeLoginShell } from "./shell/remove-login-shell.ts";
import { COLOR_SCHEME_KEY, cssVariablesResolver, theme } from "./theme.ts";

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

// The login shell (index.html) only stands for the login page: any other screen ends it.
router.subscribe("onResolved", ({ toLocation }) => {
  if (toLocation.pathname !== "/") removeLoginShell();
});

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
        colorSchemeManager={localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY })}
        getStyleNonce={() => nonce}
        cssVariablesResolver={cssVariablesResolver}
      >
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
});
