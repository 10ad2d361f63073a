import { createFileRoute, Outlet, redirect, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { optionalString } from "../lib/search-params.ts";
import { cachedMember, loadCurrentMember } from "../lib/session.ts";

/**
 * The logged-out screens (login, register, password reset, reactivation). A signed-in member is
 * sent to /home. Their query parameters (email, code, return) are read here once for all of them.
 */
export const Route = createFileRoute("/_auth")({
  validateSearch: (search: Record<string, unknown>): { email?: string; code?: string; return?: string } => ({
    email: optionalString(search.email),
    code: optionalString(search.code),
    return: optionalString(search.return),
  }),
  // Only what this tab already knows: the first paint of the login page never waits for the server.
  beforeLoad: () => {
    if (cachedMember()) throw redirect({ to: "/home" });
  },
  component: AuthArea,
});

/**
 * Asks the server once, while the page is already shown, whether this visitor is signed in (a
 * session cookie from an earlier visit), and then goes to /home. Once: a login made on this page
 * navigates by itself (to its `return` path), so later changes of the session must not redirect.
 */
function AuthArea() {
  const navigate = useNavigate();
  useEffect(() => {
    let mounted = true;
    loadCurrentMember().then(
      (member) => {
        if (mounted && member) void navigate({ to: "/home", replace: true });
      },
      () => {}, // offline or server down: the logged-out screens stay usable
    );
    return () => {
      mounted = false;
    };
  }, [navigate]);
  return <Outlet />;
}
