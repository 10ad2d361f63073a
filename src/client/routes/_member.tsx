import { createFileRoute, redirect } from "@tanstack/react-router";
import { MemberLayout } from "../components/MemberLayout.tsx";
import { loadCurrentMember } from "../lib/session.ts";

/** The guarded, logged-in area: without a session the visitor goes to / with `return` set. */
export const Route = createFileRoute("/_member")({
  beforeLoad: async ({ location }) => {
    const member = await loadCurrentMember();
    if (!member) throw redirect({ to: "/", search: { return: location.href } });
    return { member };
  },
  component: MemberLayout,
});
