import { createLazyFileRoute } from "@tanstack/react-router";
import { MemberLayout } from "./-layouts/MemberLayout.tsx";

// The signed-in frame (navbar, search, live updates, right column) loads with the first member
// screen, not with the login page.
export const Route = createLazyFileRoute("/_member")({ component: MemberLayout });
