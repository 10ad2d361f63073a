import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadCurrentMember } from "../lib/session.ts";

/**
 * The guarded, logged-in area: without a session the visitor goes to / with `return` set. Its
 * layout (MemberLayout) is in _member.lazy.tsx, a chunk of its own.
 */
export const Route = createFileRoute("/_member")({
  beforeLoad: async ({ location }) => {
    const member = await loadCurrentMember();
    if (!member) throw redirect({ to: "/", search: { return: location.href } });
    return { member };
  },
});
