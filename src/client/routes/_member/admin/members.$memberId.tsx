import { createFileRoute } from "@tanstack/react-router";

/** One member on the admin screens (/admin/members/42); the screen is in the lazy file. */
export const Route = createFileRoute("/_member/admin/members/$memberId")({});
