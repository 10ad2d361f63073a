import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { loadCurrentMember } from "../lib/session.ts";

/**
 * The logged-out screens (login, register, password reset, reactivation). A signed-in member is
 * sent to /home. Their query parameters (email, code, return) are read here once for all of them.
 */
export const Route = createFileRoute("/_auth")({
  validateSearch: z.object({
    email: z.string().optional().catch(undefined),
    code: z.string().optional().catch(undefined),
    return: z.string().optional().catch(undefined),
  }),
  beforeLoad: async () => {
    if (await loadCurrentMember()) throw redirect({ to: "/home" });
  },
  component: Outlet,
});
